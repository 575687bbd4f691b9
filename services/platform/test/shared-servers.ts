import { connect as connectTcp } from "node:net";
import { jetstreamManager } from "@nats-io/jetstream";
import { connect } from "@nats-io/transport-node";
import pg from "pg";
import { STREAM } from "../src/bus/bus.ts";
import { natsCredentials } from "../src/bus/nats-bus.ts";
import { external } from "./helpers.ts";

/**
 * Empties the servers CI's second pass names, before it starts. They come as an earlier run left
 * them: durable consumers with backlogs of events about rows since gone, rate-limit counters of
 * the same addresses, databases of clusters a killed run never dropped, tables grown large.
 * Only for servers that are the tests' own.
 */
export async function emptySharedServers(servers = external): Promise<void> {
  if (servers.nats) await emptyNats(servers.nats);
  if (servers.database) await emptyDatabase(servers.database);
  if (servers.redis) await flushRedis(servers.redis);
}

async function emptyNats(url: string): Promise<void> {
  const nc = await connect(natsCredentials(url));
  try {
    const jsm = await jetstreamManager(nc);
    // The stream goes with its consumers; the first service to connect makes it again.
    await jsm.streams.delete(STREAM).catch(() => false);
  } finally {
    await nc.close();
  }
}

async function emptyDatabase(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const schemas = await client.query<{ name: string }>(
      `SELECT nspname AS name FROM pg_namespace
        WHERE nspname NOT LIKE 'pg\\_%' AND nspname NOT IN ('information_schema', 'public')`,
    );
    for (const { name } of schemas.rows)
      await client.query(`DROP SCHEMA ${client.escapeIdentifier(name)} CASCADE`);
    const own = new URL(url).pathname.slice(1) || "postgres";
    const clusters = await client.query<{ name: string }>(
      "SELECT datname AS name FROM pg_database WHERE datname LIKE $1",
      [`${own.replace(/[\\_%]/g, "\\$&")}\\_cluster\\_%`],
    );
    for (const { name } of clusters.rows)
      await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/** FLUSHDB over RESP: the one command needs no client library. */
function flushRedis(url: string): Promise<void> {
  const { hostname, port, pathname } = new URL(url);
  const db = pathname.slice(1) || "0";
  return new Promise((resolve, reject) => {
    const socket = connectTcp(Number(port || 6379), hostname, () =>
      socket.write(`SELECT ${db}\r\nFLUSHDB\r\n`),
    );
    let answer = "";
    socket.setTimeout(5000, () => socket.destroy(new Error("Redis did not answer FLUSHDB")));
    socket.on("data", (chunk) => {
      answer += chunk.toString();
      if (answer.split("\r\n").filter(Boolean).length < 2) return;
      socket.end();
      if (answer.startsWith("+OK\r\n+OK")) resolve();
      else reject(new Error(`Redis refused FLUSHDB: ${answer.trim()}`));
    });
    socket.on("error", reject);
  });
}
