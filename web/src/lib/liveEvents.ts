// Realtime events one feature receives and another feature's screens react to, without the two
// importing each other: the chats' socket (ChatsLive) hears 'notification:new' (the gateway sends
// it to the user's sockets), the notifications bell refreshes.

export type LiveEvent = "notification:new";

const target = new EventTarget();

export function emitLive(name: LiveEvent, detail?: unknown): void {
  target.dispatchEvent(new CustomEvent(name, { detail }));
}

export function onLive(name: LiveEvent, listener: (detail: unknown) => void): () => void {
  const handle = (event: Event) => listener((event as CustomEvent).detail);
  target.addEventListener(name, handle);
  return () => target.removeEventListener(name, handle);
}
