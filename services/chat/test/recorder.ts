import type { DescMessage, MessageShape } from "@bufbuild/protobuf";
import { type ServiceModule, subjectOf } from "@dirabot/platform";
import { ChatMessageCreatedSchema, ChatReadSchema } from "@dirabot/proto/events/v1/chat_pb.js";
import { uniqueId } from "../../platform/test/helpers.ts";

export interface Recorded {
  type: string;
  // biome-ignore lint/suspicious/noExplicitAny: payloads of several event types
  payload: any;
}

/** A module for tests that consumes the chat service's events (durable, through an inbox) and keeps them. */
export function chatEventsRecorder(): { module: ServiceModule; seen: Recorded[] } {
  const id = uniqueId();
  const seen: Recorded[] = [];
  const spec = <D extends DescMessage>(type: string, schema: D) => ({
    durable: `rec-${id}-${type.replaceAll(".", "-")}`,
    subjects: [subjectOf("chat", type)],
    schema,
    apply: async (_trx: unknown, e: { payload: MessageShape<D> }) => {
      seen.push({ type, payload: e.payload });
    },
  });
  return {
    seen,
    module: {
      name: `recorder-${id}`,
      schema: `rec_${id}`,
      async start(ctx) {
        ctx.consume(spec("message.created", ChatMessageCreatedSchema));
        ctx.consume(spec("chat.read", ChatReadSchema));
        return {};
      },
    },
  };
}
