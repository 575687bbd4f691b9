import { create } from "@bufbuild/protobuf";
import { BotDeleted, ListingMatched, SUBJECT_ROOT, UserDeleted } from "@dirabot/proto/events";
import { BotDeletedSchema } from "@dirabot/proto/events/v1/bots_pb.js";
import type { Transaction } from "kysely";
import { describe, expect, it } from "vitest";
import { createLogger } from "../logger.ts";
import { SUBJECT_ROOT as STREAM_ROOT } from "./bus.ts";
import { decodeEvent, encodeEvent } from "./events.ts";
import { MemoryBus } from "./memory-bus.ts";
import { Outbox } from "./outbox.ts";

const log = createLogger("silent");

describe("an event staged by its declaration", () => {
  it("goes out on the declared subject, its producer the envelope's source", () => {
    const payload = create(BotDeletedSchema, { botId: "b1", userId: "u1", chatId: "c1" });
    const ev = encodeEvent(BotDeleted, payload);
    expect(ev.subject).toBe("dirabot.bots.bot.deleted");
    const decoded = decodeEvent(ev.data, BotDeleted.schema);
    expect([decoded.type, decoded.source, decoded.payload.botId]).toEqual(["bot.deleted", "bots", "b1"]);
    expect(SUBJECT_ROOT).toBe(STREAM_ROOT); // every declared subject is in the stream
  });

  it("is refused when another service declares it (its NATS user could not publish it)", async () => {
    const outbox = new Outbox({ db: undefined as never, bus: new MemoryBus(log), source: "chat", log });
    const trx = undefined as never;
    await expect(outbox.stage(trx, UserDeleted, create(UserDeleted.schema, { userId: "u" }))).rejects.toThrow(
      "chat cannot publish dirabot.identity.user.deleted",
    );
  });

  it("takes only its own payload (a type error otherwise)", () => {
    const outbox = new Outbox({ db: undefined as never, bus: new MemoryBus(log), source: "bots", log });
    const stageWrong = () =>
      // @ts-expect-error: a bot.deleted payload is not a listing.matched one
      outbox.stage(undefined as never, ListingMatched, create(BotDeletedSchema, { botId: "b" }));
    expect(typeof stageWrong).toBe("function");
  });

  it("is staged only in a transaction on its own service's database (a type error otherwise)", () => {
    const outbox = new Outbox<{ bots: { id: string } }>({
      db: undefined as never,
      bus: new MemoryBus(log),
      source: "bots",
      log,
    });
    const listingsTrx = undefined as unknown as Transaction<{ listings: { id: string } }>;
    const stageElsewhere = () =>
      // @ts-expect-error: the listings service's transaction holds no bots outbox
      outbox.stage(listingsTrx, BotDeleted, create(BotDeletedSchema, { botId: "b" }));
    expect(typeof stageElsewhere).toBe("function");
  });
});
