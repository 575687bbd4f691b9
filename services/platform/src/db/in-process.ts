import type { Duplex } from "node:stream";

/**
 * Databases served inside this process, by the URL that names them. The embedded database has no
 * listener (a port or socket file would let any local process in, and PGlite has no password
 * check), so its URL is only a name: `pgConfig` turns it into a `pg` config whose connections are
 * in-memory streams. The host `*.invalid` never resolves (RFC 6761), so the URL is useless in
 * any other process, and configuration keeps passing one URL string (DATABASE_URL, tests that
 * share one embedded database between launches).
 */
const served = new Map<string, () => Duplex>();
let count = 0;
const NAME = /^postgres:\/\/postgres@in-process-\d+\.invalid\//;

export function serveInProcess(connect: () => Duplex): { url: string; withdraw(): void } {
  const url = `postgres://postgres@in-process-${++count}.invalid/postgres`;
  served.set(url, connect);
  return { url, withdraw: () => served.delete(url) };
}

/** The `pg` client/pool settings that reach `url`: the in-memory stream when it names one. */
export function pgConfig(url: string): { connectionString: string; stream?: () => Duplex } {
  const stream = served.get(url);
  if (stream) return { connectionString: url, stream };
  if (NAME.test(url))
    throw new Error(`${url}: this embedded database is stopped or lives in another process`);
  return { connectionString: url };
}
