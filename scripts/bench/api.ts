import type { ChildProcess } from "node:child_process";
import type { ProductServers } from "../product/product.ts";
import { random } from "./bots.ts";
import { endChild, forkChild, listingsAtRate, seedCrowd, startCrowdProduct } from "./crowd.ts";
import { type Figure, pct } from "./figures.ts";

const USERS = Number(process.env.BENCH_API_USERS ?? 200);
const BOTS_PER_USER = Number(process.env.BENCH_API_BOTS_PER_USER ?? 15);
// Requests a second, all users together: 100 is each user opening a page every 2 s.
const RATE = Number(process.env.BENCH_API_RATE ?? 100);
const SECONDS = Number(process.env.BENCH_API_SECONDS ?? 20);
const LISTINGS_RATE = 10;
const PATHS = ["/api/chats", "/api/requests", "/api/assets", "/api/notifications"];

interface Load {
  requests: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodes: Record<string, { count: number }>;
}

/**
 * API under load: USERS signed-in users (each with BOTS_PER_USER bots and their
 * chats) browse the four list pages through the gateway — a load process of its own, RATE
 * requests a second in all, arriving two ways (api-load.ts: autocannon's lockstep bursts, and
 * evenly spread) (one every 2 s each by default: a twentieth of the per-account budget
 * of 600 a minute). First each page alone, one request at a time (its service time, no queue). Once idle, once while listings arrive at 10 a second and match ~1% of the users'
 * bots (chat messages, notifications and socket events being written beside the reads).
 */
export async function benchApi(results: Figure[], label: string, servers: ProductServers): Promise<void> {
  const say = (what: string) => console.error(`api (${label}): ${what}`);
  const { product, pool, run } = await startCrowdProduct(servers);
  const children: ChildProcess[] = [];
  try {
    const next = random(62);
    const members = await seedCrowd(pool, {
      users: USERS,
      botsPerUser: BOTS_PER_USER,
      chats: true,
      run,
      next,
    });
    // Something to browse: 10 s of listings first, so chats hold messages and inboxes notifications.
    const fill = listingsAtRate(product, `${run}f`, LISTINGS_RATE, next);
    await new Promise((r) => setTimeout(r, 10_000));
    await fill();
    // Then until the pipeline has caught up (no chat message or notification written for 5 s): a
    // backlog of matches would be measured as the pages' cost.
    let written = -1;
    for (let quiet = 0, i = 0; quiet < 5 && i < 180; i++) {
      const r = await pool.query<{ n: number }>(
        "SELECT (SELECT count(*) FROM chat.messages)::int + (SELECT count(*) FROM notifications.notifications)::int AS n",
      );
      const n = r.rows[0]?.n ?? 0;
      quiet = n === written ? quiet + 1 : 0;
      written = n;
      await new Promise((r) => setTimeout(r, 1000));
    }
    say(`${USERS} users with ${USERS * BOTS_PER_USER} bots; browsing`);
    // Each page alone, one request at a time (the pages taken in turn, so whatever else the
    // machine does falls on all of them alike): what a request costs without a queue.
    const alone = new Map<string, number[]>(PATHS.map((p) => [p, []]));
    for (let i = 0; i < 40 * PATHS.length; i++) {
      const page = PATHS[i % PATHS.length] as string;
      const t = performance.now();
      const res = await fetch(`${product.base}${page}`, {
        headers: { authorization: `Bearer ${members[i % members.length]?.token}` },
      });
      await res.arrayBuffer();
      if (i >= 10 * PATHS.length) alone.get(page)?.push(performance.now() - t); // 10 each warm up
      if (!res.ok) say(`${page}: ${res.status}`);
    }
    for (const [page, times] of alone) {
      results.push({
        name: `${label}: ${page} alone, one at a time, p50 / p99 (30 requests)`,
        value: `${pct(times, 50).toFixed(1)} / ${pct(times, 99).toFixed(1)} ms`,
        unit: "",
      });
    }
    const load = async (arrivals: "lockstep" | "spread") => {
      const { child, first } = forkChild<Load>("api-load.ts", {
        arrivals,
        base: product.base,
        tokens: members.map((m) => m.token),
        paths: PATHS,
        connections: USERS,
        rate: RATE,
        seconds: SECONDS,
      });
      children.push(child);
      return first;
    };
    const idle = await load("lockstep");
    const idleSpread = await load("spread");
    const flow = listingsAtRate(product, run, LISTINGS_RATE, next);
    const busy = await load("lockstep");
    const busySpread = await load("spread");
    const listed = (await flow()).length;
    const per = `${USERS} users, ${RATE} requests/s for ${SECONDS} s over ${PATHS.join(", ")}; ${product.shape}`;
    const lockstep = "all users in the same millisecond each second (autocannon's rate)";
    const even = `one every ${1000 / RATE} ms`;
    for (const [when, r] of [
      [`idle, ${lockstep}`, idle],
      [`idle, ${even}`, idleSpread],
      [`while ${listed} listings arrive at ${LISTINGS_RATE}/s, ${lockstep}`, busy],
      [`while ${listed} listings arrive at ${LISTINGS_RATE}/s, ${even}`, busySpread],
    ] as const) {
      results.push(
        {
          name: `${label}: API p50 / p99 / max, ${when} (target p99 ≤ 50 ms; ${per})`,
          value: `${r.p50} / ${r.p99} / ${r.max} ms`,
          unit: "",
        },
        {
          name: `${label}: API requests / errors / timeouts / non-2xx, ${when} (target 0 errors)`,
          value: `${r.requests} / ${r.errors} / ${r.timeouts} / ${r.non2xx}`,
          unit: "",
        },
      );
      if (r.non2xx) say(`non-2xx answers ${when}: ${JSON.stringify(r.statusCodes)}`);
    }
  } finally {
    await Promise.all(children.map(endChild));
    await pool.end();
    await product.stop();
  }
}
