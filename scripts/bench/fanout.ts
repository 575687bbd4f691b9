import { create } from "@bufbuild/protobuf";
import { pgConfig } from "@dirabot/platform";
import { IdentityService } from "@dirabot/proto/identity/v1/identity_pb.js";
import { ListingInputSchema } from "@dirabot/proto/listings/v1/listings_pb.js";
import pg from "pg";
import { type ProductServers, startProduct } from "../product/product.ts";
import { bots, listing, random } from "./bots.ts";
import { cpuByProcess, cpuPerUnit } from "./cpu.ts";
import { endChild, forkChild, now, onOwnServers } from "./crowd.ts";
import { type Figure, pct } from "./figures.ts";
import { startProfile } from "./profile.ts";

const BOTS = Number(process.env.BENCH_FANOUT_BOTS ?? 100_000);
const USERS = Number(process.env.BENCH_FANOUT_USERS ?? 100);
const LISTINGS = Number(process.env.BENCH_FANOUT_LISTINGS ?? 30);
const RATE = Number(process.env.BENCH_FANOUT_RATE ?? 10); // listings a second
const WARMUP = 5;

/** What the clients' process answers once its sockets are up (socket-clients.ts). */
interface Ready {
  connected: number;
  connectFailed: number;
}

/** What one listing's matches did at the sockets: when each chat's message arrived. */
interface Arrivals {
  t0: number;
  /** chat id → arrival times (more than one is a duplicate). */
  chats: Map<string, number[]>;
}

/**
 * The fan-out: 100,000 active bots spread as people set them (bots.ts's generator, filled
 * by SQL) and owned by USERS real accounts, each with a connected Socket.IO client; listings go
 * in through Ingest at RATE a second, and each is timed from the Ingest call to the first and to
 * the last `chat:newMessage` of its matches. The bench then checks exactly-once against the
 * bots' own ledger (`bot_posts`): every matched bot's chat got one message of the listing — no
 * miss, no duplicate, nothing unmatched. One socket per owner sees all of its bots' chats, so
 * USERS sockets observe every one of the ~900 deliveries of a listing. The sockets live in a
 * process of their own (socket-clients.ts), as browsers are elsewhere: in the one-process shape
 * they would otherwise take the product's one thread, and in either shape their CPU would count
 * as the product's. Times are wall-clock, comparable across the two processes.
 */
export async function benchFanout(results: Figure[], label: string, servers: ProductServers): Promise<void> {
  const say = (what: string) => console.error(`fanout (${label}): ${what}`);
  // Yad2 is not reached from a bench: its scraper's failures would only fill the log.
  const product = await startProduct(
    { LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "error", YAD2_API_URL: "http://127.0.0.1:9" },
    servers,
  );
  const pool = new pg.Pool({ ...pgConfig(product.databaseUrl as string), max: 2 });
  let clients: ReturnType<typeof forkChild<Ready>>["child"] | undefined;
  try {
    const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const identity = product.internal("identity", IdentityService);
    const users: { id: string; token: string }[] = [];
    for (let i = 0; i < USERS; i += 8) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(8, USERS - i) }, async (_, j) => {
          const r = await identity.register({
            firstname: "Bench",
            lastname: `Fanout ${i + j}`,
            email: `fanout-${run}-${i + j}@example.com`,
            password: "bench-password",
          });
          return { id: r.session?.user?.id ?? "", token: r.session?.token ?? "" };
        }),
      );
      users.push(...batch);
    }
    say(`${users.length} users registered`);
    const next = random(16);
    const rows = bots(BOTS, next).map((b, i) => ({ ...b, user_id: users[i % USERS]?.id }));
    for (let at = 0; at < rows.length; at += 5000)
      await pool.query(
        `INSERT INTO bots.bots (user_id, bot_name, chat_name, neighborhood_codes, price_min, price_max, min_rooms, merchant)
         SELECT user_id, bot_name, chat_name, neighborhood_codes, price_min, price_max, min_rooms, merchant
         FROM json_populate_recordset(null::bots.bots, $1::json)`,
        [JSON.stringify(rows.slice(at, at + 5000))],
      );
    // Each bot's chat, as chat opens it on bot.created: without them the first match of each bot
    // opened its chat in the measured window (most of the matches), which people's bots
    // never do.
    await pool.query(
      `INSERT INTO chat.chats (id, bot_id, bot_name, user_id)
       SELECT chat_id, id, bot_name, user_id::text FROM bots.bots WHERE user_id = ANY($1::text[])`,
      [users.map((u) => u.id)],
    );
    await pool.query("ANALYZE bots.bots");
    await pool.query("ANALYZE chat.chats");
    say(`${BOTS} bots and their chats filled`);

    const byLink = new Map<string, Arrivals>();
    const started = forkChild<Ready>("socket-clients.ts", {
      base: product.base,
      members: users.map((u) => ({ token: u.token, chatIds: [] })), // the user's room has every chat
      concurrency: 50,
    });
    clients = started.child;
    clients.on("message", (m: { type: string; arrivals?: [string, string, number][] }) => {
      for (const [link, chat, at] of m.arrivals ?? []) {
        const a = byLink.get(link);
        if (!a) continue;
        a.chats.set(chat, [...(a.chats.get(chat) ?? []), at]);
      }
    });
    const ready = await started.first;
    if (ready.connected !== users.length)
      throw new Error(
        `${ready.connected} of ${users.length} sockets connected (${ready.connectFailed} failed)`,
      );

    const ingest = async (i: number) => {
      const l = listing(next);
      const link = `https://bench.example/${run}/${i}`;
      byLink.set(link, { t0: now(), chats: new Map() });
      await product.listings.ingest({
        listings: [
          create(ListingInputSchema, {
            source: "yad2",
            externalId: `fanout-${run}-${i}`,
            link,
            price: l.price,
            rooms: l.rooms ?? undefined,
            merchant: l.merchant ?? undefined,
            neighborhoodCode: l.neighborhoodCode,
            description: `fanout ${run} ${i}`,
          }),
        ],
      });
      return link;
    };
    const received = (links: string[]) => links.reduce((n, l) => n + (byLink.get(l)?.chats.size ?? 0), 0);
    const ledger = async (links: string[]) => {
      const r = await pool.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM bots.bot_posts p JOIN listings.listings l ON l.id = p.listing_id
         WHERE l.link = ANY($1::text[])`,
        [links],
      );
      return r.rows[0]?.n ?? 0;
    };
    /**
     * Waits until every match the bots' ledger holds for these listings reached a socket, or
     * nothing more arrived for `quietMs` (what is missing then is counted as missed). The ledger
     * is whole only once every listing was matched: until a listing's first message arrives its
     * matching may not have committed (a slow last listing once left the ledger short and its
     * every message counted as unmatched).
     */
    const drained = async (links: string[], quietMs: number) => {
      let seen = -1;
      let since = performance.now();
      for (;;) {
        const n = received(links);
        const everyMatched = links.every((l) => (byLink.get(l)?.chats.size ?? 0) > 0);
        if (everyMatched && n >= (await ledger(links))) return;
        if (n !== seen) {
          seen = n;
          since = performance.now();
        } else if (performance.now() - since >= quietMs) return;
        await new Promise((r) => setTimeout(r, 250));
      }
    };

    // Warm-up (JIT, pools, chats opened on first match), not counted.
    const warm = [];
    for (let i = 0; i < WARMUP; i++) warm.push(await ingest(-1 - i));
    await drained(warm, 30_000);
    for (const l of warm) byLink.delete(l);
    say(`${ready.connected} sockets connected, warmed up; ${LISTINGS} listings at ${RATE}/s`);

    // The run: listings at RATE a second, each Ingest call started on its tick.
    const cpuBefore = cpuByProcess();
    // The one-process shape's product is this process: its profile over the run's seconds.
    const profiled = await startProfile(product.cluster ? undefined : process.env.BENCH_FANOUT_PROFILE);
    const start = now();
    const links: string[] = [];
    const calls: Promise<string>[] = [];
    for (let i = 0; i < LISTINGS; i++) {
      const wait = start + (i * 1000) / RATE - now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      calls.push(ingest(i));
    }
    links.push(...(await Promise.all(calls)));
    await drained(links, 30_000);
    // Read within a poll (250 ms) of the last message; work left after it (the dispatcher's
    // decisions, pushes) is not counted.
    const cpuAfter = cpuByProcess();
    for (const { what, percent } of await profiled())
      if (percent >= 0.5) say(`profile: ${percent.toFixed(1)} % ${what}`);
    const cpuSeconds = (now() - start) / 1000;
    let lastAt = start;
    for (const l of links)
      for (const at of byLink.get(l)?.chats.values() ?? []) lastAt = Math.max(lastAt, ...at);
    const wall = lastAt - start;

    // The bots' ledger says which chats each listing matched: the exactly-once check.
    const { rows: posted } = await pool.query<{ link: string; chat_id: string }>(
      `SELECT l.link, b.chat_id FROM bots.bot_posts p JOIN bots.bots b ON b.id = p.bot_id
       JOIN listings.listings l ON l.id = p.listing_id WHERE l.link = ANY($1::text[])`,
      [links],
    );
    const expected = new Map<string, Set<string>>();
    for (const r of posted) {
      const set = expected.get(r.link) ?? new Set<string>();
      set.add(r.chat_id);
      expected.set(r.link, set);
    }
    let matches = 0;
    let misses = 0;
    let duplicates = 0;
    let strays = 0;
    const first: number[] = [];
    const last: number[] = [];
    for (const link of links) {
      const a = byLink.get(link) as Arrivals;
      const want = expected.get(link) ?? new Set<string>();
      matches += want.size;
      for (const chat of want) if (!a.chats.has(chat)) misses++;
      const times: number[] = [];
      for (const [chat, at] of a.chats) {
        if (!want.has(chat)) strays += at.length;
        else duplicates += at.length - 1;
        times.push(...at);
      }
      if (!times.length) continue;
      first.push(Math.min(...times) - a.t0);
      if (times.length >= want.size) last.push(Math.max(...times) - a.t0);
    }
    const hops = await firstMatchHops(pool, links, (l) => byLink.get(l) as Arrivals);
    const shape = product.shape;
    const per = `${LISTINGS} listings at ${RATE}/s, ${(matches / LISTINGS).toFixed(0)} matches each, ${BOTS.toLocaleString("en")} bots, ${USERS} sockets; ${shape}`;
    const both = (xs: number[]) =>
      xs.length ? `${pct(xs, 50).toFixed(0)} / ${pct(xs, 99).toFixed(0)} ms` : "none arrived";
    results.push(
      {
        name: `${label}: ingest → first matched socket p50 / p99 (target p99 ≤ 50 ms; ${per})`,
        value: both(first),
        unit: "",
      },
      {
        name: `${label}: ingest → last matched socket p50 / p99 (target p99 ≤ 1000 ms; listings whose every match arrived: ${last.length})`,
        value: both(last),
        unit: "",
      },
      {
        name: `${label}: exactly once — matches / missed / duplicated / unmatched messages`,
        value: `${matches} / ${misses} / ${duplicates} / ${strays}`,
        unit: "",
      },
      {
        name: `${label}: matches delivered a second (first Ingest call → the last message)`,
        value: Math.round((matches - misses) / (wall / 1000)),
        unit: "/s",
      },
    );
    if (hops)
      results.push({
        name: `${label}: the first match's way, p50 ms of each step (the database's clocks)`,
        value: hops,
        unit: "",
      });
    const perMatch = cpuPerUnit(cpuBefore, cpuAfter, matches, cpuSeconds);
    if (perMatch)
      results.push({
        name: `${label}: CPU per match by process, first Ingest → last message (clients: the sockets' process${shape === "one process" ? "; bench: the whole product" : ""})`,
        value: perMatch,
        unit: "",
      });
    if (misses || duplicates || strays)
      console.error(
        `${label}: NOT exactly once: ${misses} missed, ${duplicates} duplicated, ${strays} unmatched`,
      );
  } finally {
    if (clients) await endChild(clients);
    await pool.end();
    await product.stop();
  }
}

/**
 * The production shape on servers of its own (crowd.ts `onOwnServers`): 100,000 bench bots and
 * their events never meet another run's services sharing the machine's stream, durables and
 * Socket.IO channel.
 */
export const benchFanoutServers = (results: Figure[], label: string, database: string): Promise<void> =>
  onOwnServers(database, (servers) => benchFanout(results, label, servers));

/**
 * Where a listing's first message spends its time, from the clocks the transactions leave: a
 * listing's row and the bots' posts are stamped with their transaction's start (`now()`), a chat
 * message with its insert (`clock_timestamp()`). Each step is the p50 over the listings (so the
 * steps need not add up to the total's p50). An outbox row's `published_at` is no clock of its
 * publishing: its relay's transaction may start before the row's commit.
 */
async function firstMatchHops(
  pool: pg.Pool,
  links: string[],
  arrivals: (link: string) => Arrivals,
): Promise<string | undefined> {
  const { rows } = await pool.query<{
    link: string;
    listed: Date;
    matched: Date | null;
    messaged: Date | null;
  }>(
    `SELECT l.link, l.first_seen_at AS listed,
       (SELECT min(created_at) FROM bots.bot_posts WHERE listing_id = l.id) AS matched,
       (SELECT min(created_at) FROM chat.messages WHERE canonical_id = l.id) AS messaged
     FROM listings.listings l WHERE l.link = ANY($1::text[])`,
    [links],
  );
  const steps: [string, number[]][] = [
    ["Ingest call → listing's transaction", []],
    ["→ matching's", []],
    ["→ chat's insert", []],
    ["→ socket", []],
  ];
  for (const r of rows) {
    const a = arrivals(r.link);
    const times = [...a.chats.values()].flat();
    if (!times.length || !r.matched || !r.messaged) continue;
    const ms = [a.t0, r.listed.getTime(), r.matched.getTime(), r.messaged.getTime(), Math.min(...times)];
    for (let i = 0; i < steps.length; i++) steps[i]?.[1].push((ms[i + 1] ?? 0) - (ms[i] ?? 0));
  }
  if (!steps[0]?.[1].length) return undefined;
  return steps.map(([name, xs]) => `${name} ${pct(xs, 50).toFixed(0)}`).join(" · ");
}
