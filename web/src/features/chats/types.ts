// The chat shapes of SPEC §3 as the gateway sends them (gateway/src/routes/chat-json.ts,
// asset-json.ts). Nullable fields are null when the source did not give them.

export interface Person {
  _id: string;
  firstname: string;
  lastname: string;
  email: string;
  avatar?: string;
  roles?: string[];
}

export interface Asset {
  _id: string;
  images: string[];
  description: string;
  location: string;
  neighborhoodCode: number | null;
  neighborhood: string | null;
  city: string | null;
  rooms: number | null;
  size: number | null;
  floorNumber: number | null;
  price: number | null;
  phoneNumber: string | null;
  link: string | null;
  googleMapsUrl: string | null;
  merchant: boolean | null;
  src: string;
}

export interface Message {
  _id: string;
  chatId: string;
  content: string;
  type: "text" | "asset";
  sender: "bot" | Person;
  timestamp: string | null;
  createdAt: string | null;
  isRead: boolean;
  starred: boolean;
  /** Client-made id of an optimistic send; the server echoes it back. */
  tempId?: string;
  asset?: Asset;
  /** Only on the optimistic copy, until the server's message replaces it. */
  pending?: boolean;
}

export interface Chat {
  _id: string;
  botId: string;
  botName: string;
  userId: { _id: string; email: string };
  unreadCount: number;
  lastMessage: Message | null;
  favorite: boolean;
  createdAt: string | null;
  updatedAt: string | null;
  /** The owner, attached to chats of the admin's grouped list. */
  _user?: Person & { fullname?: string };
}

export interface Pagination {
  page: number;
  limit: number;
  total: number;
  hasMore: boolean;
}

export interface ChatPage extends Chat {
  messages: Message[];
  pagination: Pagination;
}

export interface ChatGroup {
  user: Person & { fullname?: string };
  chats: Chat[];
}
