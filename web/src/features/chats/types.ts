// The chat shapes as the gateway sends them: the API contract's (@dirabot/api). Nullable fields
// are null when the source did not give them.
import type {
  Chat as ApiChat,
  Message as ApiMessage,
  Person as ApiPerson,
  ChatWithMessages,
  Facts,
} from "@dirabot/api";

export type {
  ChatAsset as Asset,
  ChatSeen,
  MessageMarks,
  MessagePagination as Pagination,
  QuickReply,
  ReadMark,
  Sender as Person,
  ShortlistEntry,
  Vote,
  Warning as ListingWarning,
} from "@dirabot/api";

export type ListingFactKey = keyof Facts;

/** A message; the pane's optimistic copy is marked pending until the server's replaces it. */
export type Message = ApiMessage & { pending?: boolean };

/** A chat; those of the admin's grouped list carry their owner as `_user`. */
export type Chat = Omit<ApiChat, "lastMessage"> & { lastMessage: Message | null; _user?: ApiPerson };

export type ChatPage = Omit<ChatWithMessages, "lastMessage" | "messages"> & {
  lastMessage: Message | null;
  messages: Message[];
};

export interface ChatGroup {
  user: ApiPerson;
  chats: Chat[];
}
