import { eventsRecorder, type Recorded } from "@dirabot/platform/testing";
import { ChatMessageMarked, ChatMessagesCreated, ChatRead, ChatSeen } from "@dirabot/proto/events";
import type { ChatMessageCreated } from "@dirabot/proto/events/v1/chat_pb.js";

export type { Recorded } from "@dirabot/platform/testing";

/** A module for tests that consumes the chat service's events (durable, through an inbox) and keeps them. */
export const chatEventsRecorder = () =>
  eventsRecorder([
    ChatMessagesCreated,
    ChatMessagesCreated.lanes.first,
    ChatRead,
    ChatMessageMarked,
    ChatSeen,
  ]);

/**
 * Every message the recorded `messages.created` events announced (a listing's first matches on
 * `messages.created.first`), in order, each with its listing (an event's shared one where the
 * message carries none).
 */
export const createdMessages = (seen: Recorded[]): ChatMessageCreated[] =>
  seen
    .filter((e) => e.type === ChatMessagesCreated.type || e.type === ChatMessagesCreated.lanes.first.type)
    .flatMap((e) =>
      e.payload.messages.map((m: ChatMessageCreated) =>
        m.message && !m.message.asset && e.payload.asset
          ? { ...m, message: { ...m.message, asset: e.payload.asset } }
          : m,
      ),
    );
