import { ChatMessageCreatedSchema, ChatReadSchema } from "@dirabot/proto/events/v1/chat_pb.js";
import { eventsRecorder } from "../../platform/test/recorder.ts";

export type { Recorded } from "../../platform/test/recorder.ts";

/** A module for tests that consumes the chat service's events (durable, through an inbox) and keeps them. */
export const chatEventsRecorder = () =>
  eventsRecorder("chat", [
    ["message.created", ChatMessageCreatedSchema],
    ["chat.read", ChatReadSchema],
  ]);
