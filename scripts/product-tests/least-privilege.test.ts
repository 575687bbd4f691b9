import { spawnSync } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import {
  createLogger,
  derivedPassword,
  NatsBus,
  openServiceDatabase,
  provisionRoles,
  roleOf,
} from "@dirabot/platform";
import { uniqueId } from "@dirabot/platform/testing";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../product/cluster.ts";
import { type NatsWithUsers, startNatsWithUsers } from "../product/cluster-access.ts";
import { MODULES } from "../product/services.ts";

/**
 * What a service holds in the production shape reaches its own data and events only: its
 * PostgreSQL role and its NATS user, as `npm run cluster` (and the whole-product tests of CI's
 * second pass) hand them to each process. The machine's PostgreSQL in both passes (as the
 * cluster test); a nats-server of the test's own, since the machine's has no users.
 */
const admin = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const log = createLogger("silent");
const moduleOf = (name: string) => MODULES.find((m) => m.name === name) ?? expect.fail(`no ${name}`);

describe("a service's PostgreSQL role", () => {
  // Schemas (and so roles) of the test's own: the shared database keeps other runs' schemas.
  const run = uniqueId();
  const identitySchema = `identity_${run}`;
  const scraperSchema = `scraper_facebook_${run}`;
  let urls: Record<string, string>;
  beforeAll(async () => {
    urls = await provisionRoles(admin, [identitySchema, scraperSchema]);
    // Each migrates as its own role, as its process does at start.
    for (const [schema, name] of [
      [identitySchema, "identity"],
      [scraperSchema, "scraper-facebook"],
    ] as const) {
      const db = await openServiceDatabase({ url: urls[schema] as string, ...moduleOf(name), schema, log });
      await db.close();
    }
  }, 60_000);
  afterAll(async () => {
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    for (const schema of [identitySchema, scraperSchema]) {
      await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await client.query(`DROP OWNED BY ${roleOf(schema)}`);
      await client.query(`DROP ROLE IF EXISTS ${roleOf(schema)}`);
    }
    await client.end();
  });

  const as = async <T>(schema: string, work: (c: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: urls[schema] });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };

  it("cannot read or write another service's tables", async () => {
    await as(scraperSchema, async (c) => {
      await expect(c.query(`SELECT email, password_hash FROM ${identitySchema}.users`)).rejects.toMatchObject(
        {
          code: "42501",
          message: `permission denied for schema ${identitySchema}`,
        },
      );
      await expect(c.query(`DELETE FROM ${identitySchema}.sessions`)).rejects.toMatchObject({
        code: "42501",
      });
      // Nor make a place of its own outside its schema.
      await expect(c.query(`CREATE SCHEMA elsewhere_${run}`)).rejects.toMatchObject({ code: "42501" });
      await expect(c.query(`CREATE TABLE public.stash_${run} (x int)`)).rejects.toMatchObject({
        code: "42501",
      });
      // Its own tables it reads and writes.
      const own = await c.query(`SELECT count(*) AS n FROM ${scraperSchema}.seen_posts`);
      expect(own.rows).toEqual([{ n: 0 }]);
    });
    await as(identitySchema, async (c) => {
      const { rows } = await c.query<{ owner: string }>(
        "SELECT tableowner AS owner FROM pg_tables WHERE schemaname = $1 AND tablename = 'users'",
        [identitySchema],
      );
      expect(rows).toEqual([{ owner: roleOf(identitySchema) }]);
      await expect(c.query(`SELECT * FROM ${scraperSchema}.seen_posts`)).rejects.toMatchObject({
        code: "42501",
      });
    });
  });
});

describe("the provisioning step (the chart's Job)", () => {
  it("makes the roles the access Secret's URLs name, each owner of its schema", async () => {
    // The password the cluster gives the role too, so that a cluster running beside keeps working.
    const role = roleOf("scraper_facebook");
    const url = new URL(admin);
    url.username = role;
    url.password = derivedPassword(admin, role);
    const run = spawnSync(process.execPath, ["scripts/product/provision.ts"], {
      cwd: path.resolve(import.meta.dirname, "../.."),
      env: { ...process.env, ADMIN_DATABASE_URL: admin, DATABASE_URL_SCRAPER_FACEBOOK: url.toString() },
      encoding: "utf8",
    });
    expect(run.stdout + run.stderr).toContain(`provisioned ${role}`);
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      const { rows } = await client.query(
        "SELECT current_user AS me, pg_get_userbyid(nspowner) AS owner FROM pg_namespace WHERE nspname = 'scraper_facebook'",
      );
      expect(rows).toEqual([{ me: role, owner: role }]);
    } finally {
      await client.end();
    }
  }, 60_000);
});

describe("a service's NATS user", () => {
  let nats: NatsWithUsers;
  const buses: NatsBus[] = [];
  const connect = async (name: string) => {
    const bus = await NatsBus.connect(nats.urlOf(name), log);
    buses.push(bus);
    return bus;
  };
  beforeAll(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "dirabot-least-"));
    nats = await startNatsWithUsers(dir, await freePort());
  });
  afterAll(async () => {
    for (const b of buses) await b.close();
    await nats?.stop();
  });

  const event = new Uint8Array([1]);
  it("publishes its own events and no one else's", async () => {
    const scraper = await connect("scraper-facebook");
    await scraper.publish("dirabot.scraper-facebook.anything", event, crypto.randomUUID());
    for (const subject of ["dirabot.identity.user.registered", "dirabot.listings.listing.created"])
      await expect(scraper.publish(subject, event, crypto.randomUUID())).rejects.toThrow(
        /Permissions Violation/,
      );
  });

  it("consumes only what it consumes, and never through another's durable", async () => {
    const handler = async () => undefined;
    const scraper = await connect("scraper-facebook");
    await expect(
      scraper.subscribe({ durable: "scraper-reads-users", subjects: ["dirabot.identity.>"], handler }),
    ).rejects.toThrow(/Permissions Violation/);
    // telegram consumes the bots' matches, yet not through the chat service's durable of them.
    const telegram = await connect("telegram");
    await expect(
      telegram.subscribe({
        durable: "chat-on-listing-matched",
        subjects: ["dirabot.bots.listing.matched"],
        handler,
      }),
    ).rejects.toThrow(/Permissions Violation/);
    // What a consumer of the catalogue takes, it takes: the bots service and a user's deletion.
    const bots = await connect("bots");
    const got: string[] = [];
    const sub = await bots.subscribe({
      durable: "bots-on-user-deleted",
      subjects: ["dirabot.identity.user.deleted"],
      handler: async ({ subject }) => void got.push(subject),
    });
    const identity = await connect("identity");
    await identity.publish("dirabot.identity.user.deleted", event, crypto.randomUUID());
    for (let i = 0; i < 100 && got.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    await sub.stop();
    expect(got).toEqual(["dirabot.identity.user.deleted"]);
  });
});
