import { type DescMessage, fromBinary } from "@bufbuild/protobuf";
import { BinaryReader, getTextEncoding, WireType } from "@bufbuild/protobuf/wire";
import { anyIs, timestampDate } from "@bufbuild/protobuf/wkt";
import { decodeEnvelope } from "@dirabot/platform";
import {
  type ChatMessageCreated,
  ChatMessageCreatedSchema,
  ChatMessagesCreatedSchema,
} from "@dirabot/proto/events/v1/chat_pb.js";
import { NotificationsCreatedSchema } from "@dirabot/proto/events/v1/notifications_pb.js";
import { type Listing, ListingSchema } from "@dirabot/proto/listings/v1/listings_pb.js";
import { type Notification, NotificationSchema } from "@dirabot/proto/notifications/v1/notifications_pb.js";

/**
 * A gateway decodes only what its own sockets get. A listing's matches are events of hundreds of
 * entries, each one user's; every replica follows every event, and at the scaling model's 10 %
 * online spread over its replicas a gateway pushes a few of them (SCALING.md). Decoding them all
 * cost what pushing them all would; here each entry's keys (its user, its chat) are read with
 * protobuf-es's wire reader, and only an entry one of this gateway's rooms wants is decoded.
 * Field numbers are the proto's (events/v1/chat.proto, notifications.proto, chat/v1/chat.proto).
 */
export interface PushEvent<Entry> {
  occurredAt: Date;
  /** Decodes the entries whose keys `wanted` accepts, in the event's order. */
  entries(wanted: (keys: EntryKeys) => boolean): Entry[];
}
export interface EntryKeys {
  userId: string;
  chatId: string;
}

/** The envelope and its payload's bytes, of the expected type (else throws, as decodeEvent does). */
function payloadOf(data: Uint8Array, schema: DescMessage): { occurredAt: Date; bytes: Uint8Array } {
  const env = decodeEnvelope(data);
  if (!env.payload || !anyIs(env.payload, schema))
    throw new Error(`event ${env.id} (${env.type}) does not carry ${schema.typeName}`);
  return {
    occurredAt: env.occurredAt ? timestampDate(env.occurredAt) : new Date(0),
    bytes: env.payload.value,
  };
}

/**
 * Calls `each` with each length-delimited field of `bytes` (number, bytes), in order, until it
 * answers true. A plain loop: a generator here cost a third of reading an event's keys.
 */
function eachField(bytes: Uint8Array, each: (no: number, value: Uint8Array) => boolean | undefined): void {
  const r = new BinaryReader(bytes);
  while (r.pos < r.len) {
    const [no, type] = r.tag();
    if (type !== WireType.LengthDelimited) r.skip(type, no);
    else if (each(no, r.bytes())) return;
  }
}

// protobuf-es's own decoding of a string field (non-strict: bad bytes become U+FFFD).
const text = { decode: (bytes: Uint8Array) => getTextEncoding().decodeUtf8(bytes) };
const stringField = (bytes: Uint8Array, no: number): string => {
  let found = "";
  eachField(bytes, (n, value) => {
    if (n !== no) return false;
    found = text.decode(value);
    return true;
  });
  return found;
};

/** chat.messages.created: its entries (ChatMessageCreated = 1), and the listing they share (3). */
export function messagesCreated(
  data: Uint8Array,
): PushEvent<ChatMessageCreated> & { asset(): Listing | undefined } {
  const { occurredAt, bytes } = payloadOf(data, ChatMessagesCreatedSchema);
  let asset: Uint8Array | undefined;
  const entries: Uint8Array[] = [];
  eachField(bytes, (no, value) => {
    if (no === 1) entries.push(value);
    else if (no === 3) asset = value;
    return false;
  });
  return {
    occurredAt,
    asset: () => (asset ? fromBinary(ListingSchema, asset) : undefined),
    entries(wanted) {
      const out: ChatMessageCreated[] = [];
      for (const entry of entries) {
        // ChatMessageCreated: message = 1 (Message: chat_id = 2), user_id = 2.
        const keys = { userId: "", chatId: "" };
        let seen = 0;
        eachField(entry, (no, value) => {
          if (no === 1) keys.chatId = stringField(value, 2);
          else if (no === 2) keys.userId = text.decode(value);
          else return false;
          return ++seen === 2; // both read: the rest of the entry is not looked at
        });
        if (wanted(keys)) out.push(fromBinary(ChatMessageCreatedSchema, entry));
      }
      return out;
    },
  };
}

/** notifications.created / notifications.shown: its entries (Notification = 1: user_id = 2). */
export function notificationsAnnounced(data: Uint8Array): PushEvent<Notification> {
  const { occurredAt, bytes } = payloadOf(data, NotificationsCreatedSchema);
  return {
    occurredAt,
    entries(wanted) {
      const out: Notification[] = [];
      eachField(bytes, (no, entry) => {
        if (no === 1 && wanted({ userId: stringField(entry, 2), chatId: "" }))
          out.push(fromBinary(NotificationSchema, entry));
        return false;
      });
      return out;
    },
  };
}
