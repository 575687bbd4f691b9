import { create } from "@bufbuild/protobuf";
import { ListingInputSchema } from "@dirabot/proto/listings/v1/listings_pb.js";
import { io } from "socket.io-client";
import { type ProductServers, startProduct } from "../product/product.ts";
import { type Figure, pct } from "./figures.ts";

const FLORENTIN = { code: 205, lat: 32.0565, lon: 34.77 };
const SAMPLES = Number(process.env.BENCH_LATENCY_SAMPLES ?? 200);

// biome-ignore lint/suspicious/noExplicitAny: response bodies are read field by field
type Json = Record<string, any>;

/**
 * End to end: from the Ingest call that inserts a listing to the `chat:newMessage` its match
 * produces at a connected, joined Socket.IO client — listings (insert, outbox) → bots (match,
 * outbox) → chat (message, outbox) → gateway (NATS → socket). One listing at a time, so each
 * figure is the latency of an idle pipeline, not a queue.
 */
export async function benchLatency(results: Figure[], label: string, servers: ProductServers): Promise<void> {
  const product = await startProduct({ LOG_LEVEL: "warn" }, servers);
  const socket = io(product.base, { autoConnect: false, transports: ["websocket"], reconnection: false });
  try {
    const api = async (method: string, url: string, body?: unknown, token?: string) => {
      const res = await fetch(`${product.base}${url}`, {
        method,
        headers: {
          "content-type": "application/json",
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
      return (await res.json()) as Json;
    };
    const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const { token } = await api("POST", "/api/auth/register", {
      firstname: "Bench",
      lastname: "Latency",
      email: `latency-${run}@example.com`,
      password: "bench-password",
    });
    const bot = await api("POST", "/api/requests/website-create", { botName: "latency" }, token);
    // A price band of its own, so listings other runs left behind never match this bot.
    const base = 100_000 + Math.floor(Math.random() * 800_000);
    await api(
      "PATCH",
      `/api/requests/${bot._id}`,
      {
        isActive: true,
        neighborhoodCodes: [FLORENTIN.code],
        priceLimit: [base, base + SAMPLES + 50],
        rooms: 1,
      },
      token,
    );
    socket.auth = { token };
    socket.connect();
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", () => resolve());
      socket.once("connect_error", reject);
    });
    const joined = (await socket.timeout(5000).emitWithAck("chat:join", bot.chatId)) as Json;
    if (!joined.ok) throw new Error(`chat:join refused: ${joined.message}`);
    const waiting = new Map<string, (t: number) => void>();
    socket.on("chat:newMessage", (m: Json) => waiting.get(String(m.asset?.link))?.(performance.now()));

    const once = async (i: number) => {
      const link = `https://bench.example/${run}/${i}`;
      const arrived = new Promise<number>((r) => waiting.set(link, r));
      const t0 = performance.now();
      await product.listings.ingest({
        listings: [
          create(ListingInputSchema, {
            source: "yad2", // a source the listings service takes; the run id keeps the keys apart
            externalId: `bench-${run}-${i}`,
            link,
            price: base + i, // a different price each: never a duplicate of the one before
            rooms: 3,
            lat: FLORENTIN.lat,
            lon: FLORENTIN.lon,
            description: `bench ${run} ${i}`,
          }),
        ],
      });
      const t1 = await Promise.race([
        arrived,
        new Promise<number>((_, reject) =>
          setTimeout(() => reject(new Error(`listing ${i}: no message in 10 s`)), 10_000),
        ),
      ]);
      waiting.delete(link);
      return t1 - t0;
    };
    for (let i = 0; i < 10; i++) await once(SAMPLES + 10 + i); // warm-up: JIT, connections, caches
    const times: number[] = [];
    for (let i = 0; i < SAMPLES; i++) times.push(await once(i));
    for (const p of [50, 99])
      results.push({
        name: `${label}: listing insert → socket chat:newMessage p${p} (${SAMPLES} listings, ${product.shape})`,
        value: +pct(times, p).toFixed(1),
        unit: "ms",
      });
  } finally {
    socket.disconnect();
    await product.stop();
  }
}
