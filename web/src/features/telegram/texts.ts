import { TELEGRAM_MESSAGES } from "@dirabot/api/messages.ts";

// The messaging screens' texts; the validation messages are the gateway's, so a refusal reads the same.
export const Texts = {
  empty: TELEGRAM_MESSAGES.empty,
  directMissing: TELEGRAM_MESSAGES.directMissing,
  broadcastSent: "Broadcast message sent successfully",
  broadcastFailed: "Failed to send broadcast message",
  sent: "Message sent successfully",
  sendFailed: "Failed to send message",
  chatsFailed: "Failed to load chat list",
  chatFailed: "Failed to load chat messages",
  historyFailed: "Failed to load messages",
  noMessages: "No messages found",
  noChats: "No chats found",
  emptyChat: "No messages yet. Start the conversation!",
  pickChat: "Select a chat to start messaging",
} as const;

/** The error a failed call shows: the server's message, else the fallback. */
export const messageOf = (err: unknown, fallback: string) =>
  err instanceof Error && err.message ? err.message : fallback;
