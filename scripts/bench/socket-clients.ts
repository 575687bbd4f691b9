import { io, type Socket } from "socket.io-client";

/**
 * A child of the sockets bench: holds its share of the 10,000 Socket.IO clients in a process of
 * its own, as browsers would be elsewhere. Each connects with its user's token and joins its
 * chats' rooms as the web app does (`chat:join`, acknowledged); every `chat:newMessage` goes back
 * to the parent as (link, chat, wall-clock time), batched every 50 ms.
 */
interface Input {
  base: string;
  members: { token: string; chatIds: string[] }[];
  concurrency: number;
}
// biome-ignore lint/suspicious/noExplicitAny: socket payloads are read field by field
type Json = Record<string, any>;

const send = (m: unknown) => process.send?.(m);
const now = () => performance.timeOrigin + performance.now();

process.once("message", async (input: Input) => {
  const sockets: Socket[] = [];
  let disconnects = 0;
  let joinRefused = 0;
  let connectFailed = 0;
  let batch: [string, string, number][] = [];
  const flush = setInterval(() => {
    if (!batch.length) return;
    send({ type: "arrivals", arrivals: batch });
    batch = [];
  }, 50);
  const one = async (m: Input["members"][number]) => {
    const s = io(input.base, { auth: { token: m.token }, transports: ["websocket"], reconnection: false });
    s.on("chat:newMessage", (msg: Json) => batch.push([String(msg.asset?.link), String(msg.chatId), now()]));
    sockets.push(s);
    try {
      await new Promise<void>((resolve, reject) => {
        s.once("connect", () => resolve());
        s.once("connect_error", reject);
      });
    } catch {
      connectFailed++;
      return;
    }
    s.on("disconnect", () => disconnects++);
    for (const chatId of m.chatIds) {
      const joined = (await s
        .timeout(60_000)
        .emitWithAck("chat:join", chatId)
        .catch(() => ({ ok: false }))) as Json;
      if (!joined.ok) joinRefused++;
    }
  };
  const queue = [...input.members];
  await Promise.all(
    Array.from({ length: input.concurrency }, async () => {
      for (let m = queue.shift(); m; m = queue.shift()) await one(m);
    }),
  );
  const counts = () => ({
    connected: sockets.filter((s) => s.connected).length,
    disconnects,
    connectFailed,
    joinRefused,
  });
  send({ type: "ready", ...counts() });
  process.on("message", (m: { type: string }) => {
    if (m.type === "counts") send({ type: "counts", ...counts() });
    if (m.type === "stop") {
      clearInterval(flush);
      for (const s of sockets) s.disconnect();
      process.disconnect();
    }
  });
});
