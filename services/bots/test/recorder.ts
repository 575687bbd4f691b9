import type { DescMessage, MessageShape } from "@bufbuild/protobuf";
import { type ServiceModule, subjectOf } from "@dirabot/platform";
import type { AnyDb } from "@dirabot/platform/db/types.ts";
import {
  BotCreatedSchema,
  BotDeletedSchema,
  type BotMatched,
  BotMatchedSchema,
  BotUpdatedSchema,
} from "@dirabot/proto/events/v1/bots_pb.js";
import { uniqueId } from "../../platform/test/helpers.ts";

export interface Recorded {
  type: string;
  // biome-ignore lint/suspicious/noExplicitAny: payloads of several event types
  payload: any;
}

/**
 * A listener for tests: a service module of its own that consumes the bots' events the way
 * the chat service does (durable, through the bus and an inbox) and keeps what it saw.
 */
export function botEventsRecorder(): {
  module: ServiceModule;
  seen: Recorded[];
  matched(botId: string): BotMatched[];
  db(): AnyDb;
} {
  const id = uniqueId();
  const seen: Recorded[] = [];
  let db: AnyDb | undefined;
  const spec = <D extends DescMessage>(type: string, schema: D) => ({
    durable: `rec-${id}-${type.replaceAll(".", "-")}`,
    subjects: [subjectOf("bots", type)],
    schema,
    apply: async (_trx: unknown, e: { payload: MessageShape<D> }) => {
      seen.push({ type, payload: e.payload });
    },
  });
  return {
    seen,
    db: () => {
      if (!db) throw new Error("the recorder has not started");
      return db;
    },
    matched: (botId) =>
      seen.filter((e) => e.type === "bot.matched" && e.payload.botId === botId).map((e) => e.payload),
    module: {
      name: `recorder-${id}`,
      schema: `rec_${id}`,
      async start(ctx) {
        db = ctx.db;
        ctx.consume(spec("bot.created", BotCreatedSchema));
        ctx.consume(spec("bot.updated", BotUpdatedSchema));
        ctx.consume(spec("bot.deleted", BotDeletedSchema));
        ctx.consume(spec("bot.matched", BotMatchedSchema));
        return {};
      },
    },
  };
}
