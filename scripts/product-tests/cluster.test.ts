import { createLogger, NatsBus } from "@dirabot/platform";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { startCluster } from "../product/cluster.ts";
import { MODULES } from "../product/services.ts";

/**
 * The whole product as separate processes, each service with its own PostgreSQL role and NATS
 * user (on a NATS of the cluster's own). CI's second pass points it at the machine's servers;
 * the first pass uses the same defaults the cluster script does.
 */
describe("the product as one process per service", () => {
  it("starts every piece and the gateway reports them all serving", async () => {
    // Each process's last lines, so a process that stops unclean says why.
    const lines = new Map<string, string[]>();
    const log = (line: string) => {
      const name = line.slice(1, line.indexOf("]"));
      const kept = lines.get(name) ?? [];
      kept.push(line);
      if (kept.length > 40) kept.shift();
      lines.set(name, kept);
    };
    const cluster = await startCluster({
      log,
      databaseUrl: process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test",
      ownDatabase: true,
      redisUrl: process.env.TEST_REDIS_URL,
      env: { LOG_LEVEL: "warn" },
    });
    try {
      expect(cluster.processes.size).toBe(MODULES.length + 1);
      // Every process answered its own probe; the gateway's view of them all may lag a moment
      // on a loaded machine (CI runs every test file beside this one).
      let res = await fetch(`${cluster.gatewayUrl}/api/health`);
      for (let i = 0; i < 100 && res.status !== 200; i++) {
        await new Promise((r) => setTimeout(r, 200));
        res = await fetch(`${cluster.gatewayUrl}/api/health`);
      }
      const body = (await res.json()) as { services: Record<string, string> };
      expect(res.status, JSON.stringify(body)).toBe(200);
      expect(Object.keys(body.services).sort()).toEqual(MODULES.map((m) => m.name).sort());
      expect(Object.values(body.services).every((s) => s === "serving")).toBe(true);

      // Each process holds its own credentials: the Facebook scraper's reach neither the accounts
      // nor anyone else's events.
      const db = new pg.Client({ connectionString: cluster.access.databaseUrl("scraper-facebook") });
      await db.connect();
      try {
        await expect(db.query("SELECT email FROM identity.users")).rejects.toMatchObject({ code: "42501" });
      } finally {
        await db.end();
      }
      const bus = await NatsBus.connect(cluster.access.natsUrl("scraper-facebook"), createLogger("silent"));
      try {
        for (const subject of ["dirabot.identity.user.registered", "dirabot.listings.listing.created"])
          await expect(bus.publish(subject, new Uint8Array([1]), crypto.randomUUID())).rejects.toThrow(
            /Permissions Violation/,
          );
      } finally {
        await bus.close();
      }
    } finally {
      await cluster.stop();
    }
    // SIGTERM is a clean stop
    for (const [name, p] of cluster.processes) {
      expect(p.exitCode, `${name} stopped with ${p.exitCode}:\n${lines.get(name)?.join("\n")}`).toBe(0);
    }
  }, 90_000);
});
