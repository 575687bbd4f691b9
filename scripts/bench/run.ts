import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { createClient } from "@connectrpc/connect";
import { createConnectTransport, createGrpcTransport } from "@connectrpc/connect-node";
import { ServiceTrust } from "@dirabot/platform";
import { NODE, startProcess } from "@dirabot/platform/testing";
import { ProbeService } from "@dirabot/proto/testing/v1/probe_pb.js";
import { benchApi } from "./api.ts";
import { benchBots } from "./bots.ts";
import { onOwnServers } from "./crowd.ts";
import { benchFanout, benchFanoutServers } from "./fanout.ts";
import { answers, type Figure, pct, tmp } from "./figures.ts";
import { benchFirstPage } from "./first-page.ts";
import { benchLatency } from "./latency.ts";
import { benchListings } from "./listings.ts";
import { benchMap } from "./map.ts";
import { benchPush } from "./push.ts";
import { benchPushDecode } from "./push-decode.ts";
import { benchSockets } from "./sockets.ts";

/**
 * `npm run bench`: the platform's figures. Prints a table and writes scripts/bench/results/*.json.
 * - cold start: `npm start` from spawn to GET /api/health = 200 (SPA already built, fresh DATA_DIR)
 * - idle memory: resident set of the one-process run after it has been idle for 15 s
 * - Connect round trip between two processes: unary Echo over HTTP/2, p50/p99 of N sequential calls
 */
const root = path.resolve(import.meta.dirname, "../..");
const results: Figure[] = [];
// `npm run bench -- listings` runs one section; no argument runs them all.
const only = process.argv[2];
const wants = (section: string) => !only || only === section;

const rssMb = (pid: number) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
};
/** The program a command ran in the end (`npm start` → sh → node): the process measured and stopped. */
function serverOf(pid: number): number {
  const children = fs
    .readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8")
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  return children.length ? serverOf(Number(children.at(-1))) : pid;
}
const stop = (c: ReturnType<typeof startProcess>["child"]) =>
  new Promise((r) => {
    c.once("exit", r);
    process.kill(serverOf(c.pid as number), "SIGTERM");
  });

/** Idle means after the start's one-off work (the first scraper runs) and a collection or two. */
const IDLE_MS = 15_000;

/** Records the time since `t0` to readiness and the resident memory after 15 s idle. */
async function startAndIdle(
  p: ReturnType<typeof startProcess>,
  t0: number,
  startName: string,
  memName: string,
  stopAfter = true,
) {
  await p.port;
  results.push({ name: startName, value: Math.round(performance.now() - t0), unit: "ms" });
  await new Promise((r) => setTimeout(r, IDLE_MS));
  results.push({ name: memName, value: Math.round(rssMb(serverOf(p.child.pid as number))), unit: "MiB" });
  if (stopAfter) await stop(p.child);
}

// 1. cold start + idle memory of the one-process product, from the command a person types:
// `npm start` (npm, then the server, which checks its build first). The build itself runs first,
// outside the timing, so the check finds nothing changed, as on a second start.
if (wants("platform")) {
  execFileSync(NODE, ["scripts/build.ts"], { cwd: root, stdio: "ignore" });
  const t0 = performance.now();
  const p = startProcess("npm", ["start"], { PORT: "0", HOST: "127.0.0.1", DATA_DIR: tmp() });
  const port = await p.port;
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  await startAndIdle(
    p,
    t0,
    "cold start of npm start, fresh DATA_DIR (to /api/health 200; target ≤ 2000 ms)",
    "idle memory, one-process run on embedded defaults (RSS; target ≤ 300 MiB)",
  );
}

// 2. a service with its embedded PostgreSQL: start and idle memory
if (wants("platform")) {
  const t0 = performance.now();
  // The probe's one port is internal: every call carries a credential signed with its secret.
  const secret = randomBytes(32).toString("base64url");
  const p = startProcess(NODE, ["services/platform/test/probe/main.ts"], {
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: tmp(),
    SERVICE_SECRET: secret,
  });
  const port = await p.port;
  await startAndIdle(
    p,
    t0,
    "service + embedded PostgreSQL start (fresh DATA_DIR)",
    "idle memory, service + embedded PostgreSQL (RSS)",
    false,
  );

  // 3. Connect round trip between two processes
  const n = 3000;
  const signed = {
    baseUrl: `http://127.0.0.1:${port}`,
    interceptors: [new ServiceTrust(secret).client("test")],
  };
  for (const [label, transport] of [
    ["Connect/HTTP2", createConnectTransport({ ...signed, httpVersion: "2" })],
    ["gRPC/HTTP2", createGrpcTransport(signed)],
  ] as const) {
    const client = createClient(ProbeService, transport);
    for (let i = 0; i < 200; i++) await client.echo({ text: "warm" });
    const times: number[] = [];
    for (let i = 0; i < n; i++) {
      const t = performance.now();
      await client.echo({ text: "ping" });
      times.push(performance.now() - t);
    }
    results.push({
      name: `${label} round trip p50 (${n} calls)`,
      value: +pct(times, 50).toFixed(3),
      unit: "ms",
    });
    results.push({
      name: `${label} round trip p99 (${n} calls)`,
      value: +pct(times, 99).toFixed(3),
      unit: "ms",
    });
  }
  await stop(p.child);
}

// 4. the listings pipeline: ingest throughput, browse queries over 100,000 listings
if (wants("listings")) {
  await benchListings(results, "embedded PostgreSQL");
  const server = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  if (await answers(server)) await benchListings(results, "PostgreSQL 15 server", server);
}

// 4b. the properties map in Chromium: answers and main-thread long tasks with 100,000 in view
if (wants("map")) await benchMap(results);

// 5. matching: one listing against 10,000 and 100,000 active bots, and beside it the core loop's
// end-to-end latency (listing insert → socket event), one process and one process per service
if (wants("bots")) {
  await benchBots(results);
  await benchLatency(results, "embedded, in-process bus", {});
  const servers = {
    database: process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test",
    nats: process.env.BENCH_NATS_URL ?? "nats://127.0.0.1:4222",
    redis: process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379",
  };
  if (await answers(servers.database, servers.nats, servers.redis))
    await benchLatency(results, "PostgreSQL, NATS, Redis", servers);
}

// 5b. fan-out: 100,000 bots, listings at 10 a second, each timed to its first and its last
// matched socket, and every match checked to arrive exactly once; in both shapes
// (BENCH_FANOUT_SHAPE=embedded or servers runs one of them.)
const shape = process.env.BENCH_FANOUT_SHAPE;
if (wants("fanout")) {
  if (shape !== "servers") await benchFanout(results, "embedded, in-process bus", {});
  if (shape !== "embedded")
    await benchFanoutServers(
      results,
      "PostgreSQL, NATS, Redis",
      process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test",
    );
}

// 6. web push: listing ingested → push received and decrypted by a local push service, one
// subscriber and 1,000 (50 endpoints failing, 50 gone), in both shapes
if (wants("push")) {
  await benchPush(results, "embedded, in-process bus", {});
  const servers = {
    database: process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test",
    nats: process.env.BENCH_NATS_URL ?? "nats://127.0.0.1:4222",
    redis: process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379",
  };
  if (await answers(servers.database, servers.nats, servers.redis))
    await benchPush(results, "PostgreSQL, NATS, Redis", servers);
}

// 6a. what a gateway spends reading a listing's matches, by how many of their users it holds
if (wants("push-decode")) benchPushDecode(results);

// 6b. many people online: 10,000 signed-in sockets on one gateway (clients in other processes)
// while listings flow; and 200 signed-in users browsing the API with autocannon, idle and while
// listings flow. Both shapes; the multi-process one on servers of its own (BENCH_CROWD_SHAPE=
// embedded or servers runs one of them).
const crowdShape = process.env.BENCH_CROWD_SHAPE;
const crowdDatabase = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
for (const [section, bench] of [
  ["sockets", benchSockets],
  ["api", benchApi],
] as const) {
  if (!wants(section)) continue;
  if (crowdShape !== "servers") await bench(results, "embedded, in-process bus", {});
  if (crowdShape !== "embedded")
    await onOwnServers(crowdDatabase, (servers) => bench(results, "PostgreSQL, NATS, Redis", servers));
}

// 7. the first page on a slow phone: /login's JavaScript and CSS as received, LCP of /login and /bots
if (wants("first-page")) await benchFirstPage(results);

const width = Math.max(...results.map((r) => r.name.length));
console.log(`\n${"figure".padEnd(width)} | value`);
console.log(`${"-".repeat(width)}-|------------`);
for (const r of results) console.log(`${r.name.padEnd(width)} | ${r.value} ${r.unit}`);
const dir = path.join(root, "scripts/bench/results");
fs.mkdirSync(dir, { recursive: true });
const file = path.join(dir, `${only ?? "all"}-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
fs.writeFileSync(
  file,
  JSON.stringify(
    {
      at: new Date().toISOString(),
      machine: `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB`,
      results,
    },
    null,
    2,
  ),
);
console.log(`\nwritten ${path.relative(root, file)}`);
