/**
 * A Socket.IO client for the benches' crowds, as little as the measurement needs: Engine.IO 4
 * and Socket.IO 5 over a plain WebSocket (Node's own), text frames only, no reconnection. The
 * clients share the 2-core machine with the product, where browsers would be elsewhere:
 * socket.io-client's Node build (its debug flavour, an emitter a layer) took a noticeable share
 * of the machine's CPU a delivered message, which the bench would count against the product.
 * The wire format is the one the web app's client speaks (see socket.io-protocol's docs):
 * - Engine.IO packets: `0` open (JSON handshake), `1` close, `2` ping, `3` pong, `4` message.
 * - A message carries a Socket.IO packet: `0` connect (`40{auth}` → `40{sid}` or `44{error}`),
 *   `1` disconnect, `2` event (`42[name, …args]`, `42<id>[…]` asking for an ack), `3` ack
 *   (`43<id>[…args]`).
 */
// biome-ignore lint/suspicious/noExplicitAny: socket payloads are read field by field
type Json = any;

export interface LeanSocket {
  /** Calls `handler` with each `name` event's first argument. */
  on(name: string, handler: (arg: Json) => void): void;
  /** Emits and waits for the server's acknowledgement (its first argument), or rejects after `ms`. */
  emitWithAck(name: string, arg: unknown, ms: number): Promise<Json>;
  readonly connected: boolean;
  /** Called once when the connection ends after it was made (the server's or the network's doing). */
  onDisconnect?: () => void;
  close(): void;
}

/** Connects to the namespace "/" with `auth`; rejects on a refusal, an error or a close first. */
export function connectLean(base: string, auth: Record<string, unknown>): Promise<LeanSocket> {
  const url = `${base.replace(/^http/, "ws")}/socket.io/?EIO=4&transport=websocket`;
  const ws = new WebSocket(url);
  const handlers = new Map<string, (arg: Json) => void>();
  const acks = new Map<number, (args: Json[]) => void>();
  let nextAck = 0;
  let connected = false;
  let closedByUs = false;
  return new Promise((resolve, reject) => {
    const socket: LeanSocket = {
      on: (name, handler) => void handlers.set(name, handler),
      emitWithAck: (name, arg, ms) =>
        new Promise((done, fail) => {
          const id = nextAck++;
          const timer = setTimeout(() => {
            acks.delete(id);
            fail(new Error(`no acknowledgement of ${name} in ${ms} ms`));
          }, ms);
          acks.set(id, (args) => {
            clearTimeout(timer);
            done(args[0]);
          });
          ws.send(`42${id}${JSON.stringify([name, arg])}`);
        }),
      get connected() {
        return connected;
      },
      close() {
        closedByUs = true;
        connected = false;
        ws.close();
      },
    };
    ws.addEventListener("message", ({ data }) => {
      if (typeof data !== "string") return; // no binary packets on these routes
      switch (data[0]) {
        case "0": // open: the handshake; connect to "/" with the token
          ws.send(`40${JSON.stringify(auth)}`);
          return;
        case "2":
          ws.send("3");
          return;
        case "4":
          break;
        default:
          return;
      }
      const kind = data[1];
      // An event without a handler here (the bell's `notification:new`) is not parsed at all.
      if (kind === "2" && data[2] === "[" && !handlers.has(data.slice(4, data.indexOf('"', 4)))) return;
      if (kind === "2" || kind === "3") {
        // The ack id (digits) runs up to the JSON array.
        const open = data.indexOf("[", 2);
        const id = open > 2 ? Number(data.slice(2, open)) : undefined;
        const args = JSON.parse(data.slice(open)) as Json[];
        if (kind === "3") {
          if (id !== undefined) {
            acks.get(id)?.(args);
            acks.delete(id);
          }
          return;
        }
        handlers.get(args[0] as string)?.(args[1]);
      } else if (kind === "0") {
        connected = true;
        resolve(socket);
      } else if (kind === "4") {
        reject(new Error(`connection refused: ${data.slice(2)}`));
        ws.close();
      } else if (kind === "1") ws.close();
    });
    ws.addEventListener("error", () => {
      if (!connected) reject(new Error(`could not connect to ${url}`));
    });
    ws.addEventListener("close", () => {
      if (!connected) {
        reject(new Error(`closed before connecting to ${url}`));
        return;
      }
      connected = false;
      if (!closedByUs) socket.onDisconnect?.();
    });
  });
}
