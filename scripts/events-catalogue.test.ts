import * as fs from "node:fs";
import { natsAuthorization } from "@dirabot/platform";
import { EVENTS } from "@dirabot/proto/events";
import { describe, expect, it } from "vitest";
import { ARCHITECTURE_FILE, NATS_AUTH_FILE, readCatalogue, recordCatalogue } from "./events-catalogue.ts";
import { eventsTable, withEventsTable } from "./events-table.ts";

describe("the event catalogue (the NATS users' permissions)", () => {
  it("is what the product subscribes to today (else: npm run events:catalogue)", async () => {
    const recorded = await recordCatalogue();
    expect(recorded).toEqual(readCatalogue());
    expect(fs.readFileSync(NATS_AUTH_FILE, "utf8")).toBe(natsAuthorization(recorded));
  }, 90_000);

  it("names only declared events among what components subscribe to", () => {
    const declared = new Set(EVENTS.map((e) => e.subject));
    const undeclared = Object.values(readCatalogue())
      .flatMap((entry) => entry.subscribes)
      .filter((s) => !declared.has(s));
    expect(undeclared).toEqual([]);
  });

  it("is docs/ARCHITECTURE.md's producer → consumer table (else: npm run events:catalogue)", () => {
    const doc = fs.readFileSync(ARCHITECTURE_FILE, "utf8");
    expect(doc).toBe(withEventsTable(doc, eventsTable(readCatalogue())));
  });
});
