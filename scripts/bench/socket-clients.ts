import { connectLean, type LeanSocket } from "./lean-socket.ts";

/**
 * A child of the sockets bench: holds its share of the 10,000 Socket.IO clients in a process of
 * its own, as browsers would be elsewhere. Each connects with its user's token and joins its
 * chats' rooms as the web app does (`chat:join`, acknowledged); every `chat:newMessage` goes back
 * to the parent as (link, chat, wall-clock time), batched every 50 ms. The clients speak the
 * protocol themselves (lean-socket.ts): they measure the gateway, and share its machine.
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
  const sockets: LeanSocket[] = [];
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
    let s: LeanSocket;
    try {
      s = await connectLean(input.base, { token: m.token });
    } catch {
      connectFailed++;
      return;
    }
    s.on("chat:newMessage", (msg: Json) => batch.push([String(msg.asset?.link), String(msg.chatId), now()]));
    s.onDisconnect = () => disconnects++;
    sockets.push(s);
    for (const chatId of m.chatIds) {
      const joined = (await s.emitWithAck("chat:join", chatId, 60_000).catch(() => ({ ok: false }))) as Json;
      if (!joined?.ok) joinRefused++;
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
      for (const s of sockets) s.close();
      process.disconnect();
    }
  });
});
