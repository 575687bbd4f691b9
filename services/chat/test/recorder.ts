import type { ChatMessageCreated } from "@dirabot/proto/events/v1/chat_pb.js";
import { ChatMessagesCreatedSchema, ChatReadSchema } from "@dirabot/proto/events/v1/chat_pb.js";
import { eventsRecorder, type Recorded } from "../../platform/test/recorder.ts";

export type { Recorded } from "../../platform/test/recorder.ts";

/** A module for tests that consumes the chat service's events (durable, through an inbox) and keeps them. */
export const chatEventsRecorder = () =>
  eventsRecorder("chat", [
    ["messages.created", ChatMessagesCreatedSchema],
    ["messages.created.first", ChatMessagesCreatedSchema],
    ["chat.read", ChatReadSchema],
  ]);

/**
 * Every message the recorded `messages.created` events announced (a listing's first matches on
 * `messages.created.first`), in order, each with its listing (an event's shared one where the
 * message carries none).
 */
export const createdMessages = (seen: Recorded[]): ChatMessageCreated[] =>
  seen
    .filter((e) => e.type === "messages.created" || e.type === "messages.created.first")
    .flatMap((e) =>
      e.payload.messages.map((m: ChatMessageCreated) =>
        m.message && !m.message.asset && e.payload.asset
          ? { ...m, message: { ...m.message, asset: e.payload.asset } }
          : m,
      ),
    );
