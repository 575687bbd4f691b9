import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { uniqueId } from "../../test/helpers.ts";
import { serviceDatabases } from "../../test/service-databases.ts";
import type { ServiceDatabase } from "./database.ts";

describe("the platform's migrations", () => {
  const { open } = serviceDatabases();
  /** How the outbox stores an event's bytes: its compression method ('' = the default, pglz) and storage. */
  const dataColumn = async (d: ServiceDatabase) => {
    const r = await sql<{ compression: string; storage: string }>`SELECT attcompression AS compression,
        attstorage AS storage FROM pg_attribute
      WHERE attrelid = ${`${d.schema}.outbox`}::regclass AND attname = 'data'`.execute(d.db);
    return r.rows[0];
  };
  const lz4Built = async (d: ServiceDatabase) => {
    const r = await sql<{ ok: boolean }>`SELECT 'lz4' = ANY(enumvals) AS ok FROM pg_settings
      WHERE name = 'default_toast_compression'`.execute(d.db);
    return r.rows[0]?.ok === true;
  };

  it("store outbox events with lz4, or uncompressed on a server without it, never with pglz", async () => {
    const d = await open(`outbox_${uniqueId()}`);
    // The machine's server is built with lz4; the embedded one is not.
    expect(await dataColumn(d)).toEqual(
      (await lz4Built(d)) ? { compression: "l", storage: "x" } : { compression: "", storage: "e" },
    );
    // An event of half a megabyte goes in and comes out whole.
    const data = Buffer.from("matches ".repeat(64 * 1024));
    await d.db
      .insertInto("outbox" as never)
      .values({ id: "big", subject: "dirabot.test.big", data } as never)
      .execute();
    const back = await sql<{
      data: Buffer;
    }>`SELECT data FROM ${sql.id(d.schema, "outbox")} WHERE id = 'big'`.execute(d.db);
    expect(Buffer.compare(back.rows[0]?.data as Buffer, data)).toBe(0);
  });

  it("run one added later on a database whose service migrated past it", async () => {
    const schema = `later_${uniqueId()}`;
    const first = await open(schema);
    // The database as it was before the outbox's migration existed: its record gone, pglz again.
    await sql`DELETE FROM ${sql.id(schema, "kysely_migration")} WHERE name = '0000_platform_outbox_lz4'`.execute(
      first.db,
    );
    await sql`ALTER TABLE ${sql.id(schema, "outbox")} ALTER COLUMN data SET COMPRESSION pglz`.execute(
      first.db,
    );
    await sql`ALTER TABLE ${sql.id(schema, "outbox")} ALTER COLUMN data SET STORAGE EXTENDED`.execute(
      first.db,
    );
    expect(await dataColumn(first)).toEqual({ compression: "p", storage: "x" });

    const again = await open(schema);
    expect(await dataColumn(again)).not.toEqual({ compression: "p", storage: "x" });
    const names = await sql<{ name: string }>`SELECT name FROM ${sql.id(schema, "kysely_migration")}
      ORDER BY timestamp, name`.execute(again.db);
    expect(names.rows.map((r) => r.name)).toEqual([
      "0000_platform_outbox_inbox",
      "0001_notes",
      "0000_platform_outbox_lz4",
    ]);
  });
});
