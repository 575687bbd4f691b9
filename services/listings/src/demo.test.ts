import { existsSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { createClient } from "@connectrpc/connect";
import { identity } from "@dirabot/identity";
import { launch, loadSettings, type Running } from "@dirabot/platform";
import { tempDir, trustedTransport } from "@dirabot/platform/testing";
import { IdentityService } from "@dirabot/proto/identity/v1/identity_pb.js";
import { ListingsService } from "@dirabot/proto/listings/v1/listings_pb.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PHOTOS } from "./demo.ts";
import { listings } from "./module.ts";

const PUBLIC = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "web", "public");

// scripts/demo-photos.test.ts checks the pictures are what the script draws.
it("names as many demo pictures as are committed", () => {
  const drawn = readdirSync(join(PUBLIC, "demo")).filter((f) => /^flat-\d+\.svg$/.test(f));
  expect(drawn).toHaveLength(DEMO_PHOTOS);
});

// DEMO=1 is about a fresh `npm start`: it always runs on a new embedded database.
describe("DEMO=1 on an empty database", () => {
  let running: Running;
  const transport = () => trustedTransport(running);

  beforeAll(async () => {
    running = await launch(
      loadSettings({ DATA_DIR: tempDir(), PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "silent", DEMO: "1" }),
      [identity, listings],
    );
  });
  afterAll(() => running?.stop());

  it("seeds demo listings inside real neighbourhoods, marked source demo", async () => {
    const client = createClient(ListingsService, transport());
    const { listings: shown, total } = await client.listListings({ limit: 200 });
    expect(total).toBeGreaterThanOrEqual(100);
    for (const l of shown) {
      expect(l.source).toBe("demo");
      expect(l.neighborhoodMethod).toBe("polygon");
      expect(l.neighborhoodCode).toBeGreaterThan(0);
      expect(l.price).toBeGreaterThan(0);
      // Each shows one of the demo's pictures, which the site serves from web/public.
      expect(l.images).toHaveLength(1);
      expect(existsSync(join(PUBLIC, l.images[0] as string))).toBe(true);
    }
    const { count } = await client.countListings({});
    expect(count).toBe(total);
  });

  it("opens the demo account", async () => {
    const { session } = await createClient(IdentityService, transport()).login({
      email: "demo@example.com",
      password: "demo1234",
    });
    expect(session?.user?.email).toBe("demo@example.com");
  });
});
