import * as fs from "node:fs";
import * as path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { tempDir } from "../../test/helpers.ts";
import { createLogger } from "../logger.ts";
import { templatePath } from "./cluster-template.ts";
import { type EmbeddedPostgres, startEmbeddedPostgres } from "./embedded.ts";
import { pgConfig } from "./in-process.ts";

const log = createLogger("silent");

describe("a new embedded database", () => {
  const running: EmbeddedPostgres[] = [];
  afterAll(async () => {
    for (const e of running) await e.stop();
  });
  const query = async (e: EmbeddedPostgres, text: string) => {
    const client = new pg.Client(pgConfig(e.url));
    await client.connect();
    try {
      return (await client.query(text)).rows;
    } finally {
      await client.end();
    }
  };

  it("starts from the shared empty cluster, yet what one writes the others never see", async () => {
    const [a, b] = await Promise.all([tempDir(), tempDir()].map((d) => startEmbeddedPostgres(d, log)));
    running.push(a as EmbeddedPostgres, b as EmbeddedPostgres);
    const template = templatePath();
    expect(template && fs.existsSync(path.join(template, "ready"))).toBe(true);
    await query(a as EmbeddedPostgres, "CREATE TABLE notes (text text); INSERT INTO notes VALUES ('mine')");
    expect(await query(a as EmbeddedPostgres, "SELECT text FROM notes")).toEqual([{ text: "mine" }]);
    expect(
      await query(
        b as EmbeddedPostgres,
        "SELECT count(*)::int AS n FROM pg_tables WHERE tablename = 'notes'",
      ),
    ).toEqual([{ n: 0 }]);
    // The template itself stays empty for the next one.
    const c = await startEmbeddedPostgres(tempDir(), log);
    running.push(c);
    expect(await query(c, "SELECT count(*)::int AS n FROM pg_tables WHERE tablename = 'notes'")).toEqual([
      { n: 0 },
    ]);
    expect((await query(c, "SHOW shared_buffers"))[0]).toEqual({ shared_buffers: "16MB" });
  }, 120_000);
});
