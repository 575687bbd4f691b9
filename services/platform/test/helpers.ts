import { type ChildProcess, spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import type { CallOptions, Transport } from "@connectrpc/connect";
import { createConnectTransport } from "@connectrpc/connect-node";
import pg from "pg";
import { startEmbeddedPostgres } from "../src/db/embedded.ts";
import { pgConfig } from "../src/db/in-process.ts";
import {
  asActor,
  type CallerOf,
  callersOf,
  createLogger,
  keysFor,
  RPC_CALLERS,
  type Running,
  remoteTransport,
  ServiceTrust,
} from "../src/index.ts";

export const ROOT = path.resolve(import.meta.dirname, "../../..");
export const NODE = path.join(ROOT, "node_modules/.bin/node");
export const DENO = path.join(ROOT, "node_modules/.bin/deno");

/** The servers CI's second pass names; unset means the embedded engines. */
export const external = {
  database: process.env.TEST_DATABASE_URL,
  nats: process.env.TEST_NATS_URL,
  redis: process.env.TEST_REDIS_URL,
};

export function tempDir(prefix = "dirabot-test-"): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/**
 * A database several launches of one test share (services in processes of their own): the
 * server CI's second pass names, else an embedded PostgreSQL of the test's own until `stop`.
 */
export async function sharedDatabase(): Promise<{ url: string; stop(): Promise<void> }> {
  if (external.database) return { url: external.database, stop: async () => undefined };
  const embedded = await startEmbeddedPostgres(tempDir(), createLogger("silent"));
  return { url: embedded.url, stop: () => embedded.stop() };
}

/** A small deterministic generator (mulberry32): the same seed gives the same inputs on every run. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const uniqueId = () => `t${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export interface Proc {
  child: ChildProcess;
  port: Promise<number>;
  exited: Promise<number | null>;
  output(): string;
}

/** Starts a process that prints `PROBE_LISTENING <port>` (or `serving at ... (port N)`) when up. */
export function startProcess(cmd: string, args: string[], env: Record<string, string | undefined>): Proc {
  const child = spawn(cmd, args, {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  const port = new Promise<number>((resolve, reject) => {
    const onData = (b: Buffer) => {
      out += b.toString();
      const m = /PROBE_LISTENING (\d+)|\(port (\d+)\)/.exec(out);
      if (m) resolve(Number(m[1] ?? m[2]));
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => reject(new Error(`process exited (${code}) before listening:\n${out}`)));
  });
  port.catch(() => undefined);
  const exited = new Promise<number | null>((r) => child.once("exit", (code) => r(code)));
  return { child, port, exited, output: () => out };
}

export const startProbe = (env: Record<string, string | undefined>, runtime: "node" | "deno" = "node") =>
  runtime === "node"
    ? startProcess(NODE, ["services/platform/test/probe/main.ts"], { ...ownKeys(["probe"]), ...env })
    : startProcess(DENO, ["run", "-A", "--node-modules-dir=manual", "services/platform/test/probe/main.ts"], {
        ...ownKeys(["probe"]),
        ...env,
      });

export async function waitFor<T>(
  fn: () => Promise<T | undefined>,
  what: string,
  timeoutMs = 20_000,
): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn().catch(() => undefined);
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Signs each call as a component the RPC's allow-list names (the tests' stand-in for its real caller). */
const anAllowedCaller = (service: string, method: string) => callersOf(service, method)[0] ?? "test";

/**
 * A transport to a process's internal listener, each call signed with the run's service secret as
 * another service would (`caller`, else one the RPC allows): a `Running` of this process, or the
 * URL of a process a test started. `components`: what that process runs, when it holds only its
 * own keys (each call then names the one of them serving the RPC's service as its callee).
 */
export function trustedTransport(
  target: Running | string,
  caller: CallerOf = anAllowedCaller,
  components?: readonly string[],
): Transport {
  const remote = typeof target === "string";
  const trust = remote ? new ServiceTrust(process.env.SERVICE_SECRET as string) : target.trust;
  const url = remote ? target : `http://127.0.0.1:${target.internalPort}`;
  if (!components) return remoteTransport(url, trust, caller);
  const calleeOf = (service: string) => RPC_CALLERS[service]?.servedBy.find((c) => components.includes(c));
  return createConnectTransport({
    baseUrl: url,
    httpVersion: "2",
    useBinaryFormat: true,
    interceptors: [(next) => (req) => trust.client(caller, calleeOf(req.service.typeName))(next)(req)],
  });
}

/** A test process's environment holds only the service keys of the components it runs, as in production. */
export const ownKeys = (components: readonly string[]): Record<string, string | undefined> => ({
  SERVICE_SECRET: undefined,
  SERVICE_KEYS: components.map((c) => keysFor(process.env.SERVICE_SECRET as string, c)).join(","),
});

/** Call options that act for a person, as the gateway does for a signed-in user. */
export const asUser = (userId: string, admin = false, sessionId = ""): CallOptions =>
  asActor({ userId, admin, sessionId });

/**
 * One number from the running product's database (`SELECT count(*)::int AS n …`): for what a
 * test must see stored or gone and no API shows, such as a deleted chat's messages.
 */
export async function countRows(running: Running, text: string, params: unknown[] = []): Promise<number> {
  const client = new pg.Client(pgConfig(running.databaseUrl as string));
  await client.connect();
  try {
    const r = await client.query<{ n: number }>(text, params);
    return r.rows[0]?.n ?? 0;
  } finally {
    await client.end();
  }
}
