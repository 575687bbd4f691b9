import { create, toBinary } from "@bufbuild/protobuf";
import type { Outbox } from "@dirabot/platform";
import { ChatMessagesCreated, ChatRead } from "@dirabot/proto/events";
import {
  type ChatMessageCreated,
  ChatMessageCreatedSchema,
  ChatMessagesCreatedSchema,
  ChatReadSchema,
} from "@dirabot/proto/events/v1/chat_pb.js";
import { type Listing, ListingSchema } from "@dirabot/proto/listings/v1/listings_pb.js";
import type { ChatRow, MessageRow, Trx } from "./db.ts";
import type { ChatMember } from "./members.repo.ts";
import { messageToProto } from "./proto.ts";

/** Messages an event carries at most: a listing's 900 are two events. */
const MOST = 500;
/**
 * Bytes of messages an event carries at most, well under NATS's 1 MB `max_payload`: each asset
 * message copies its listing, so a listing with a long description fills an event sooner.
 */
const BYTES = 512 * 1024;
/** What one message may weigh beyond the first one measured (its ids, bot name, counts). */
const SLACK = 512;

/**
 * Stages chat.messages.created with the one message just written (chat = after the write), and
 * a copy for each of the shared bot's `members` to be told.
 */
export function stageMessageCreated(
  outbox: Outbox,
  trx: Trx,
  chat: ChatRow,
  m: MessageRow,
  members: ChatMember[] = [],
): Promise<void> {
  return stageMessagesCreated(outbox, trx, [{ chat, message: m, members }], false);
}

/**
 * chat.messages.created for the messages one transaction wrote, in as few events as fit (one
 * for a listing's matches up to 500), staged with one statement in that transaction. `asset`:
 * the listing all of them show (their rows' `asset` then unread), carried once per event.
 * `lane` "first": a listing's first matches, announced on `messages.created.first` so that the
 * gateway and notifications take them beside the previous listings' hundreds, not behind them.
 */
export async function stageMessagesCreated(
  outbox: Outbox,
  trx: Trx,
  written: {
    chat: Pick<ChatRow, "user_id" | "unread_count" | "bot_id" | "bot_name">;
    message: MessageRow;
    /** A shared bot's members to tell too: each gets an entry of their own after the owner's. */
    members?: ChatMember[];
  }[],
  backfill: boolean,
  asset?: Listing,
  lane: "" | "first" = "",
): Promise<void> {
  const entries = written.flatMap(({ chat, message, members = [] }) => {
    const owner = create(ChatMessageCreatedSchema, {
      message: messageToProto(asset ? { ...message, asset: null } : message),
      userId: chat.user_id,
      unreadCount: chat.unread_count,
      botId: chat.bot_id,
      botName: chat.bot_name,
    });
    return [
      owner,
      ...members.map((m) =>
        create(ChatMessageCreatedSchema, {
          ...owner,
          userId: m.user_id,
          unreadCount: m.unread_count,
          member: true,
        }),
      ),
    ];
  });
  await outbox.stageMany(
    trx,
    lane ? ChatMessagesCreated.lanes[lane] : ChatMessagesCreated,
    chunks(entries, asset).map((messages) =>
      create(ChatMessagesCreatedSchema, { messages, backfill, asset }),
    ),
  );
}

/**
 * The entries in events that stay under both limits. The messages written together are one
 * listing's (the same content and asset) or a single one, so the first one's size stands for
 * each: encoding all of them twice would cost what the batching saves. A shared asset is in
 * every event once.
 */
function chunks(entries: ChatMessageCreated[], asset?: Listing): ChatMessageCreated[][] {
  const first = entries[0];
  if (!first) return [];
  const size = toBinary(ChatMessageCreatedSchema, first).length + SLACK;
  const room = BYTES - (asset ? toBinary(ListingSchema, asset).length : 0);
  const per = Math.max(1, Math.min(MOST, Math.floor(room / size)));
  const out: ChatMessageCreated[][] = [];
  for (let i = 0; i < entries.length; i += per) out.push(entries.slice(i, i + per));
  return out;
}

export async function stageChatRead(outbox: Outbox, trx: Trx, chat: ChatRow): Promise<void> {
  await outbox.stage(trx, ChatRead, create(ChatReadSchema, { chatId: chat.id, userId: chat.user_id }));
}
