import { create } from "@bufbuild/protobuf";
import type { Outbox } from "@dirabot/platform";
import { ChatMessageCreatedSchema, ChatReadSchema } from "@dirabot/proto/events/v1/chat_pb.js";
import type { ChatRow, MessageRow, Trx } from "./db.ts";
import { messageToProto } from "./proto.ts";

/** Stages chat.message.created in the transaction that wrote the message (chat = after the write). */
export function stageMessageCreated(
  outbox: Outbox,
  trx: Trx,
  chat: ChatRow,
  m: MessageRow,
  backfill = false,
): Promise<void> {
  return stageMessagesCreated(outbox, trx, [{ chat, message: m }], backfill);
}

/** chat.message.created for each of many chats' new messages, staged with one statement. */
export async function stageMessagesCreated(
  outbox: Outbox,
  trx: Trx,
  written: { chat: ChatRow; message: MessageRow }[],
  backfill: boolean,
): Promise<void> {
  await outbox.stageMany(
    trx,
    "message.created",
    ChatMessageCreatedSchema,
    written.map(({ chat, message }) =>
      create(ChatMessageCreatedSchema, {
        message: messageToProto(message),
        userId: chat.user_id,
        unreadCount: chat.unread_count,
        botId: chat.bot_id,
        botName: chat.bot_name,
        backfill,
      }),
    ),
  );
}

export async function stageChatRead(outbox: Outbox, trx: Trx, chat: ChatRow): Promise<void> {
  await outbox.stage(
    trx,
    "chat.read",
    ChatReadSchema,
    create(ChatReadSchema, { chatId: chat.id, userId: chat.user_id }),
  );
}
