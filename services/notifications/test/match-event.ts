import { create, type MessageInitShape } from "@bufbuild/protobuf";
import { MessageSchema } from "@dirabot/proto/chat/v1/chat_pb.js";
import {
  ChatMessageCreatedSchema,
  type ChatMessagesCreated,
  ChatMessagesCreatedSchema,
} from "@dirabot/proto/events/v1/chat_pb.js";
import type { ListingSchema } from "@dirabot/proto/listings/v1/listings_pb.js";

/**
 * What chat announces when a Florentin bot matched a flat for `userId`: one asset message in a
 * chat of its own, the listing beside it as chat sends a match. `asset` sets what a test looks at
 * (the price, the pictures, the link).
 */
export function matchEvent(
  userId: string,
  asset: MessageInitShape<typeof ListingSchema>,
): ChatMessagesCreated {
  return create(ChatMessagesCreatedSchema, {
    asset: {
      id: crypto.randomUUID(),
      location: "Vital 4, Florentin, Tel Aviv",
      neighborhood: "Florentin",
      rooms: 3,
      ...asset,
    },
    messages: [
      create(ChatMessageCreatedSchema, {
        userId,
        botName: "Florentin",
        message: create(MessageSchema, {
          id: crypto.randomUUID(),
          chatId: crypto.randomUUID(),
          type: "asset",
        }),
      }),
    ],
  });
}
