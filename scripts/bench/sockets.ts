import type { ChildProcess } from "node:child_process";
import * as fs from "node:fs";
import type { ProductServers } from "../product/product.ts";
import { random } from "./bots.ts";
import {
  endChild,
  forkChild,
  listingsAtRate,
  type Member,
  now,
  seedCrowd,
  startCrowdProduct,
} from "./crowd.ts";
import { type Figure, pct } from "./figures.ts";

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 10_000);
const CHILDREN = Number(process.env.BENCH_SOCKETS_CHILDREN ?? 4);
const SECONDS = Number(process.env.BENCH_SOCKETS_SECONDS ?? 20);
// Listings a second: 10 as the fan-out bench; a lower rate shows the latency without a queue.
const RATE = Number(process.env.BENCH_SOCKETS_RATE ?? 10);

const rssMiB = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;

interface Counts {
  type: string;
  connected: number;
  disconnects: number;
  connectFailed: number;
  joinRefused: number;
}

/**
 * Many people online: SOCKETS signed-in users, each with one bot and its chat, each
 * holding a Socket.IO connection to the one gateway from CHILDREN client processes and joined to
 * its chat's room. The gateway's resident memory is read before and after they connect (the
 * gateway's own process in the multi-process shape; the whole product in the one-process shape).
 * Then listings flow at 10 a second for SECONDS and match a sample of those users' bots (~1% of
 * the spread each): every delivery is timed from its Ingest call to the client's
 * `chat:newMessage`, checked against the bots' ledger, and no socket may have dropped.
 */
export async function benchSockets(results: Figure[], label: string, servers: ProductServers): Promise<void> {
  const say = (what: string) => console.error(`sockets (${label}): ${what}`);
  const { product, pool, run } = await startCrowdProduct(servers);
  const children: ChildProcess[] = [];
  try {
    const next = random(61);
    const members = await seedCrowd(pool, { users: SOCKETS, botsPerUser: 1, chats: true, run, next });
    say(`${members.length} users, bots and chats written`);
    const gatewayPid = product.cluster?.processes.get("gateway")?.pid ?? process.pid;
    const owner = product.cluster ? "the gateway process" : "the whole one-process product";
    await new Promise((r) => setTimeout(r, 3000));
    const before = rssMiB(gatewayPid);

    // Arrivals by link, then chat: the times each chat's message reached a client.
    const byLink = new Map<string, Map<string, number[]>>();
    const onMessage = (m: { type: string; arrivals?: [string, string, number][] }) => {
      for (const [link, chat, at] of m.arrivals ?? []) {
        const chats = byLink.get(link) ?? new Map<string, number[]>();
        chats.set(chat, [...(chats.get(chat) ?? []), at]);
        byLink.set(link, chats);
      }
    };
    const t0 = performance.now();
    const share = Math.ceil(SOCKETS / CHILDREN);
    const started = Array.from({ length: CHILDREN }, (_, c) =>
      forkChild<Counts>("socket-clients.ts", {
        base: product.base,
        members: members
          .slice(c * share, (c + 1) * share)
          .map((m: Member) => ({ token: m.token, chatIds: m.chatIds })),
        concurrency: 25,
      }),
    );
    for (const s of started) {
      children.push(s.child);
      s.child.on("message", onMessage);
    }
    const ready = await Promise.all(started.map((s) => s.first));
    const connectSeconds = (performance.now() - t0) / 1000;
    const sum = (cs: Counts[], k: keyof Omit<Counts, "type">) => cs.reduce((n, c) => n + c[k], 0);
    say(
      `${sum(ready, "connected")} sockets connected and joined in ${connectSeconds.toFixed(1)} s (${sum(ready, "connectFailed")} failed, ${sum(ready, "joinRefused")} joins refused)`,
    );
    await new Promise((r) => setTimeout(r, 5000));
    const after = rssMiB(gatewayPid);

    // Warm-up listings (JIT, pools), then the timed flow.
    const warm = listingsAtRate(product, `${run}w`, RATE, next);
    await new Promise((r) => setTimeout(r, 2000));
    await warm();
    const stop = listingsAtRate(product, run, RATE, next);
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
    const sent = await stop();
    const links = sent.map((s) => s.link);
    const ledger = async () => {
      const r = await pool.query<{ link: string; chat_id: string }>(
        `SELECT l.link, b.chat_id FROM bots.bot_posts p JOIN bots.bots b ON b.id = p.bot_id
         JOIN listings.listings l ON l.id = p.listing_id WHERE l.link = ANY($1::text[])`,
        [links],
      );
      return r.rows;
    };
    // Drained: every match the ledger holds arrived, or nothing more came for 15 s.
    let seen = -1;
    let since = performance.now();
    for (;;) {
      const n = links.reduce((k, l) => k + (byLink.get(l)?.size ?? 0), 0);
      if (n > 0 && n >= (await ledger()).length) break;
      if (n !== seen) [seen, since] = [n, performance.now()];
      else if (performance.now() - since > 15_000) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const expected = new Map<string, Set<string>>();
    for (const r of await ledger()) expected.set(r.link, (expected.get(r.link) ?? new Set()).add(r.chat_id));
    let matches = 0;
    let missed = 0;
    let duplicated = 0;
    const every: number[] = [];
    const first: number[] = [];
    const last: number[] = [];
    for (const { link, t0: at0 } of sent) {
      const want = expected.get(link) ?? new Set<string>();
      const got = byLink.get(link) ?? new Map<string, number[]>();
      matches += want.size;
      for (const chat of want) if (!got.has(chat)) missed++;
      const times: number[] = [];
      for (const [, ts] of got) {
        duplicated += ts.length - 1;
        times.push(...ts.map((t) => t - at0));
      }
      every.push(...times);
      if (times.length) first.push(Math.min(...times));
      if (times.length && got.size >= want.size) last.push(Math.max(...times));
    }
    const counts = await Promise.all(
      children.map(
        (c) =>
          new Promise<Counts>((resolve) => {
            const on = (m: Counts) => {
              if (m.type !== "counts") return;
              c.off("message", on);
              resolve(m);
            };
            c.on("message", on);
            c.send({ type: "counts" });
          }),
      ),
    );
    const connected = sum(counts, "connected");
    const both = (xs: number[]) =>
      xs.length ? `${pct(xs, 50).toFixed(0)} / ${pct(xs, 99).toFixed(0)} ms` : "none";
    const per = `${SOCKETS.toLocaleString("en")} sockets in ${CHILDREN} client processes; ${sent.length} listings at ${RATE}/s, ${(matches / Math.max(1, sent.length)).toFixed(0)} matches each; ${product.shape}`;
    results.push(
      {
        name: `${label}: sockets connected and joined (handshake + chat:join), time`,
        value: `${sum(ready, "connected")} in ${connectSeconds.toFixed(1)} s`,
        unit: "",
      },
      {
        name: `${label}: RSS of ${owner} before / after connecting`,
        value: `${before.toFixed(0)} / ${after.toFixed(0)} MiB`,
        unit: "",
      },
      {
        name: `${label}: memory per idle socket (RSS difference / sockets)`,
        value: +(((after - before) * 1024) / SOCKETS).toFixed(1),
        unit: "KiB",
      },
      {
        name: `${label}: ingest → every delivery p50 / p99 (target: the fan-out's, first p99 ≤ 50 ms, last ≤ 1 s; ${per})`,
        value: both(every),
        unit: "",
      },
      { name: `${label}: ingest → first matched socket p50 / p99`, value: both(first), unit: "" },
      { name: `${label}: ingest → last matched socket p50 / p99`, value: both(last), unit: "" },
      {
        name: `${label}: matches / missed / duplicated`,
        value: `${matches} / ${missed} / ${duplicated}`,
        unit: "",
      },
      {
        name: `${label}: sockets dropped, never connected or disconnected since (target 0; disconnect events: ${sum(counts, "disconnects")})`,
        value: SOCKETS - connected,
        unit: "",
      },
    );
    say(`done at ${new Date(now()).toISOString()}`);
  } finally {
    await Promise.all(children.map(endChild));
    await pool.end();
    await product.stop();
  }
}
