import {
  BotCreatedSchema,
  BotDeletedSchema,
  type BotMatched,
  BotMatchedSchema,
  BotUpdatedSchema,
} from "@dirabot/proto/events/v1/bots_pb.js";
import { eventsRecorder } from "../../platform/test/recorder.ts";

export type { Recorded } from "../../platform/test/recorder.ts";

/** The bots' events as the chat service receives them (durable, through the bus and an inbox). */
export function botEventsRecorder() {
  const recorder = eventsRecorder("bots", [
    ["bot.created", BotCreatedSchema],
    ["bot.updated", BotUpdatedSchema],
    ["bot.deleted", BotDeletedSchema],
    ["bot.matched", BotMatchedSchema],
  ]);
  return {
    ...recorder,
    matched: (botId: string): BotMatched[] =>
      recorder.seen
        .filter((e) => e.type === "bot.matched" && e.payload.botId === botId)
        .map((e) => e.payload),
  };
}
