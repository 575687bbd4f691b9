import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import * as fs from "node:fs";
import * as net from "node:net";
import * as os from "node:os";
import * as path from "node:path";
import { envNameOf, keysFor } from "@dirabot/platform";
import { type ClusterAccess, clusterAccess } from "./cluster-access.ts";
import { MODULES } from "./services.ts";

/**
 * The production shape on one machine: every service and the gateway as its own process, on
 * PostgreSQL, NATS and Redis servers, talking Connect over HTTP/2. Used by the integration tests
 * and for development (`npm run cluster`). Prints the gateway's address and runs until SIGTERM.
 */
export interface ClusterOptions {
  /** An administrator's URL: each service then connects as its own role (cluster-access.ts). */
  databaseUrl: string;
  /** A NATS every process uses as it is; without one the cluster runs its own, a user per process. */
  natsUrl?: string;
  /** Tests: a database of the cluster's own on that server, made at start and dropped at stop. */
  ownDatabase?: boolean;
  redisUrl?: string;
  gatewayPort?: number;
  env?: Record<string, string>;
  log?: (line: string) => void;
}

export interface Cluster {
  /** The gateway's public address: the SPA, /api and the websocket, nothing else. */
  gatewayUrl: string;
  /** Each process's internal address (Connect, health, metrics), by service name and "gateway". */
  urls: Map<string, string>;
  /** The master the processes' keys derive from (none holds it): calls from outside (tests) sign with it. */
  serviceSecret: string;
  processes: Map<string, ChildProcess>;
  /** What each process connects to PostgreSQL and NATS with (its own role and user). */
  access: ClusterAccess;
  /** Kills one process at once (SIGKILL: no drain, as a crash would) and waits for its exit. */
  kill(name: string): Promise<void>;
  /** Starts a killed or stopped process again on its port and waits until it is ready. */
  restart(name: string): Promise<void>;
  stop(): Promise<void>;
}

const root = path.resolve(import.meta.dirname, "../..");

/** A port nothing listens on now, on the loopback. */
export async function freePort(): Promise<number> {
  const srv = net.createServer().listen(0, "127.0.0.1");
  await new Promise((r) => srv.once("listening", r));
  const port = (srv.address() as net.AddressInfo).port;
  await new Promise((r) => srv.close(r));
  return port;
}

/** A process's own service keys, and never the master secret (docs/SECURITY.md). */
function serviceKeysEnv(master: string, name: string): Record<string, string | undefined> {
  return { SERVICE_SECRET: undefined, SERVICE_KEYS: keysFor(master, name) };
}

async function waitReady(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (child.exitCode !== null) throw new Error(`${url}: process exited with ${child.exitCode}`);
    const ok = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url}: not ready within ${timeoutMs} ms`);
}

export async function startCluster(opts: ClusterOptions): Promise<Cluster> {
  const names = [...MODULES.map((m) => m.name), "gateway"];
  // Every process's internal listener; the gateway's public one besides.
  const ports = new Map<string, number>();
  for (const n of names) ports.set(n, await freePort());
  const publicPort = opts.gatewayPort ?? (await freePort());
  const serviceSecret =
    opts.env?.SERVICE_SECRET ?? process.env.SERVICE_SECRET ?? randomBytes(32).toString("base64url");
  const urls = Object.fromEntries(
    MODULES.map((m) => [envNameOf(m.name), `http://127.0.0.1:${ports.get(m.name)}`]),
  );
  const processes = new Map<string, ChildProcess>();
  const base = fs.mkdtempSync(path.join(os.tmpdir(), "dirabot-cluster-"));
  const access = await clusterAccess({
    databaseUrl: opts.databaseUrl,
    natsUrl: opts.natsUrl,
    ownDatabase: opts.ownDatabase,
    dir: base,
    port: freePort,
  });
  const stop = async () => {
    await Promise.all(
      [...processes.values()].map(
        (c) =>
          new Promise<void>((r) => {
            if (c.exitCode !== null || c.signalCode !== null) return r();
            c.once("exit", () => r());
            c.kill("SIGTERM");
          }),
      ),
    );
    await access.stop();
  };
  const spawnOne = (name: string) => {
    const env = {
      ...process.env,
      ...opts.env,
      ...urls,
      SERVICES: name,
      ...serviceKeysEnv(serviceSecret, name),
      // A service process's one listener is internal; the gateway's is public, with its own internal.
      PORT: String(name === "gateway" ? publicPort : ports.get(name)),
      INTERNAL_PORT: String(ports.get(name)),
      HOST: "127.0.0.1",
      DATA_DIR: path.join(base, name),
      DATABASE_URL: access.databaseUrl(name),
      NATS_URL: access.natsUrl(name),
      ...(opts.redisUrl ? { REDIS_URL: opts.redisUrl } : {}),
    };
    // The administrator's URL from this script's own environment reaches no process.
    if (env.DATABASE_URL === undefined) delete env.DATABASE_URL;
    const child = spawn(process.execPath, ["scripts/product/start.ts"], {
      cwd: root,
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    const prefix = `[${name}] `;
    const forward = (b: Buffer) => {
      for (const line of b.toString().split("\n")) if (line) opts.log?.(prefix + line);
    };
    child.stdout?.on("data", forward);
    child.stderr?.on("data", forward);
    processes.set(name, child);
    return child;
  };
  const addressOf = (n: string) => `http://127.0.0.1:${ports.get(n)}`;
  try {
    for (const name of names) spawnOne(name);
    await Promise.all(names.map((n) => waitReady(addressOf(n), processes.get(n) as ChildProcess)));
  } catch (err) {
    await stop();
    throw err;
  }
  const exited = (c: ChildProcess) =>
    c.exitCode !== null || c.signalCode !== null
      ? Promise.resolve()
      : new Promise<void>((r) => c.once("exit", () => r()));
  return {
    gatewayUrl: `http://127.0.0.1:${publicPort}`,
    urls: new Map(names.map((n) => [n, addressOf(n)])),
    serviceSecret,
    processes,
    access,
    async kill(name) {
      const c = processes.get(name);
      if (!c) throw new Error(`no process ${name}`);
      c.kill("SIGKILL");
      await exited(c);
    },
    async restart(name) {
      const old = processes.get(name);
      if (old) await exited(old);
      await waitReady(addressOf(name), spawnOne(name));
    },
    stop,
  };
}

if (import.meta.main) {
  const cluster = await startCluster({
    databaseUrl: process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
    natsUrl: process.env.NATS_URL,
    redisUrl: process.env.REDIS_URL ?? "redis://127.0.0.1:6379",
    gatewayPort: Number(process.env.PORT ?? 3000),
    log: (l) => console.log(l),
  });
  console.log(`Dirabot cluster: ${cluster.processes.size} processes, gateway at ${cluster.gatewayUrl}`);
  const bye = async () => {
    await cluster.stop();
    process.exit(0);
  };
  process.once("SIGTERM", bye);
  process.once("SIGINT", bye);
}
