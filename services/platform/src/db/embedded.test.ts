import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempDir } from "../../test/helpers.ts";
import { canListListeners, listeners, speaksPostgres } from "../../test/listeners.ts";
import { createLogger } from "../logger.ts";
import { type EmbeddedPostgres, startEmbeddedPostgres } from "./embedded.ts";
import { pgConfig } from "./in-process.ts";

const log = createLogger("silent");

describe("the embedded PostgreSQL", () => {
  let embedded: EmbeddedPostgres;
  let before: string[] = [];
  const pools: pg.Pool[] = [];
  const pool = (url: string) => {
    const p = new pg.Pool({ ...pgConfig(url), max: 3 });
    p.on("error", () => undefined); // connections the stop closes
    pools.push(p);
    return p;
  };
  beforeAll(async () => {
    before = canListListeners ? listeners().map((l) => l.inode) : [];
    embedded = await startEmbeddedPostgres(tempDir(), log);
  }, 120_000);
  afterAll(async () => {
    for (const p of pools) await p.end().catch(() => undefined);
    await embedded?.stop();
  });

  it.skipIf(!canListListeners)(
    "opens no port or socket another process could connect to, yet answers in this process",
    async () => {
      const p = pool(embedded.url);
      expect((await p.query("SELECT 1 + 1 AS two")).rows).toEqual([{ two: 2 }]);
      const after = listeners();
      expect(after.filter((l) => !before.includes(l.inode))).toEqual([]);
      expect((await Promise.all(after.map(speaksPostgres))).filter(Boolean)).toEqual([]);
      // its URL names nothing a resolver or another process could reach
      expect(new URL(embedded.url).hostname).toMatch(/\.invalid$/);

      // The probe does find a PostgreSQL listener: the way the embedded database was served
      // before (pglite-socket on a loopback port, no password), next to ours.
      const control = await PGlite.create();
      const server = new PGLiteSocketServer({ db: control, host: "127.0.0.1", port: 0 });
      await server.start();
      try {
        const heard = await Promise.all(listeners().map(speaksPostgres));
        expect(heard.filter(Boolean)).toHaveLength(1);
      } finally {
        await server.stop();
        await control.close();
      }
    },
    120_000,
  );

  it("rolls back the transaction of a connection that goes away, and the others carry on", {
    timeout: 60_000,
  }, async () => {
    const p = pool(embedded.url);
    await p.query("CREATE TABLE IF NOT EXISTS gone (n int)");
    const client = new pg.Client(pgConfig(embedded.url));
    await client.connect();
    await client.query("BEGIN");
    await client.query("INSERT INTO gone VALUES (1)");
    await client.end(); // no COMMIT: the one session must not stay inside this transaction
    expect((await p.query("SELECT count(*)::int AS n FROM gone")).rows).toEqual([{ n: 0 }]);
  });

  it("refuses connections once stopped, and its URL is then unknown", { timeout: 120_000 }, async () => {
    const own = await startEmbeddedPostgres(tempDir(), log);
    const p = pool(own.url);
    await p.query("SELECT 1");
    await own.stop();
    await expect(p.query("SELECT 1")).rejects.toThrow();
    expect(() => pgConfig(own.url)).toThrow(/stopped or lives in another process/);
  });
});
