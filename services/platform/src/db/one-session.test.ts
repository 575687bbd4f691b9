import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { tempDir } from "../../test/helpers.ts";
import { createLogger } from "../logger.ts";
import { type EmbeddedPostgres, startEmbeddedPostgres } from "./embedded.ts";
import { pgConfig } from "./in-process.ts";

let embedded: EmbeddedPostgres;
let pool: pg.Pool;
beforeAll(async () => {
  embedded = await startEmbeddedPostgres(tempDir(), createLogger("silent"));
  pool = new pg.Pool({ ...pgConfig(embedded.url), max: 6 });
});
afterAll(async () => {
  await pool?.end();
  await embedded?.stop();
});

const sum = (n: number) => Array.from({ length: n }, (_, i) => `$${i + 1}::int`).join(" + ");

it("keeps parameterised queries of concurrent connections apart on the one embedded session", async () => {
  // Transactions on some connections, plain parameterised queries on others, all at once: each
  // answer must be its own query's (a mixed-up Bind would fail or add the wrong numbers).
  const inTransaction = async (k: number) => {
    const c = await pool.connect();
    try {
      await c.query("BEGIN");
      for (let i = 0; i < 10; i++)
        expect((await c.query(`SELECT ${sum(2)} AS x`, [k, i])).rows[0].x).toBe(k + i);
      await c.query("COMMIT");
    } finally {
      c.release();
    }
  };
  const plain = async (k: number) => {
    for (let i = 0; i < 10; i++)
      expect((await pool.query(`SELECT ${sum(4)} AS x`, [k, i, 1, 1])).rows[0].x).toBe(k + i + 2);
  };
  for (let round = 0; round < 30; round++)
    await Promise.all([0, 1, 2, 3, 4, 5].map((k) => (k % 2 ? inTransaction(k) : plain(k))));
});
