import type { ServerEvents } from "@dirabot/api";

// Realtime events one feature receives and another feature's screens react to, without the two
// importing each other: the chats' socket (ChatsLive) hears 'notification:new' (the gateway sends
// it to the user's sockets), the notifications bell refreshes.

export type LiveEvent = "notification:new";
/** What the socket's event carries (the API contract's `ServerEvents`). */
type Detail<E extends LiveEvent> = Parameters<ServerEvents[E]>[0];

const target = new EventTarget();

export function emitLive<E extends LiveEvent>(name: E, detail: Detail<E>): void {
  target.dispatchEvent(new CustomEvent(name, { detail }));
}

export function onLive<E extends LiveEvent>(name: E, listener: (detail: Detail<E>) => void): () => void {
  const handle = (event: Event) => listener((event as CustomEvent<Detail<E>>).detail);
  target.addEventListener(name, handle);
  return () => target.removeEventListener(name, handle);
}
