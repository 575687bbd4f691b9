import { describe, expect, it } from "vitest";
import { callPairs } from "./callers.ts";
import { keysFor, ServiceKeys } from "./service-keys.ts";
import { ServiceTrust } from "./trust.ts";

const master = "m".repeat(48);
const IDENTITY = "dirabot.identity.v1.IdentityService";
const LISTINGS = "dirabot.listings.v1.ListingsService";
const BOTS = "dirabot.bots.v1.BotsService";

/** The trust of a process given only its own keys, as the cluster and the chart start it. */
const processOf = (component: string) => new ServiceTrust(ServiceKeys.parse(keysFor(master, component)));

const code = (p: Promise<unknown>) =>
  p.then(
    () => "ok",
    (err: { code?: string }) => err.code ?? String(err),
  );

describe("per-pair service keys", () => {
  it("a process holds only the keys of the calls it makes and of the calls made to it", () => {
    const pairs = (component: string) =>
      keysFor(master, component)
        .split(",")
        .map((e) => e.split("=")[0]);
    expect(pairs("scraper-facebook")).toEqual([
      "gateway>scraper-facebook",
      "notifications>scraper-facebook",
      "scraper-facebook>listings",
    ]);
    expect(pairs("identity")).toEqual([
      "chat>identity",
      "gateway>identity",
      "identity>telegram",
      "notifications>identity",
    ]);
    // Every pair belongs to exactly its two ends.
    for (const pair of callPairs()) {
      const [caller = "", callee = ""] = pair.split(">");
      expect(pairs(callee)).toContain(pair);
      if (caller !== "test") expect(pairs(caller)).toContain(pair);
    }
  });

  it("a process given only its keys cannot mint a gateway token, nor sign as anyone to identity", async () => {
    const scraper = processOf("scraper-facebook");
    expect(await code(scraper.mint("gateway", IDENTITY))).toBe("permission_denied");
    expect(await code(scraper.mint("scraper-facebook", IDENTITY, undefined, "identity"))).toBe(
      "permission_denied",
    );
    expect(await code(scraper.mint("gateway", LISTINGS, undefined, "listings"))).toBe("permission_denied");
    // What it does make, listings accepts; identity accepts nothing it can sign.
    const token = await scraper.mint("scraper-facebook", LISTINGS);
    expect(await processOf("listings").verify(token, LISTINGS)).toMatchObject({ caller: "scraper-facebook" });
    expect(await code(processOf("identity").verify(token, IDENTITY))).toBe("unauthenticated");
  });

  it("a callee checks the key of the caller the token names, not any key it holds", async () => {
    const listings = processOf("listings");
    // bots signs its ListListings; a token naming another caller under bots' key is refused.
    const fromBots = await processOf("bots").mint("bots", LISTINGS);
    expect(await listings.verify(fromBots, LISTINGS)).toMatchObject({ caller: "bots" });
    const header = JSON.parse(Buffer.from(fromBots.split(".")[0] as string, "base64url").toString());
    expect(header.kid).toBe("bots>listings");
    // A key for bots' own service does not open listings.
    const toBots = await processOf("gateway").mint("gateway", BOTS);
    expect(await code(listings.verify(toBots, LISTINGS))).toBe("unauthenticated");
  });

  it("derived from the one secret in one process, every allowed pair works and no other is made", async () => {
    const all = new ServiceTrust(master);
    const keys = ServiceKeys.fromSecret(master);
    for (const pair of callPairs()) expect(keys.get(pair)).toBeDefined();
    expect(keys.get("scraper-facebook>identity")).toBeUndefined();
    expect(await code(all.mint("scraper-facebook", IDENTITY))).toBe("permission_denied");
    const token = await all.mint("gateway", IDENTITY);
    expect(await processOf("identity").verify(token, IDENTITY)).toMatchObject({ caller: "gateway" });
  });
});
