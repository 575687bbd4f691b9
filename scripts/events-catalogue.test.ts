import * as fs from "node:fs";
import { natsAuthorization } from "@dirabot/platform";
import { describe, expect, it } from "vitest";
import { NATS_AUTH_FILE, readCatalogue, recordCatalogue } from "./events-catalogue.ts";

describe("the event catalogue (the NATS users' permissions)", () => {
  it("is what the product subscribes to today (else: npm run events:catalogue)", async () => {
    const recorded = await recordCatalogue();
    expect(recorded).toEqual(readCatalogue());
    expect(fs.readFileSync(NATS_AUTH_FILE, "utf8")).toBe(natsAuthorization(recorded));
  }, 90_000);
});
