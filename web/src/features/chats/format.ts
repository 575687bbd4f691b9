import type { Message } from "./types.ts";

// Texts derived from messages.

export const PREVIEW_LENGTH = 50;

/** The chat list's preview: the message cut at 50 characters plus '...'. */
export function preview(message: Message | null | undefined): string {
  if (!message) return "";
  const text = (message.content || (message.type === "asset" ? message.asset?.location || "Property" : ""))
    .replace(/\s+/g, " ")
    .trim();
  const chars = Array.from(text);
  return chars.length > PREVIEW_LENGTH ? `${chars.slice(0, PREVIEW_LENGTH).join("")}...` : text;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** HH:mm in the viewer's time zone; "" for a missing or broken time. */
export function formatTime(iso: string | null | undefined): string {
  if (!iso) return "";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  return `${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Who wrote a message: the bot's name, or the person's name (their email when they have none). */
export function senderName(message: Message, botName: string): string {
  if (message.sender === "bot") return botName || "Bot";
  const name = `${message.sender.firstname ?? ""} ${message.sender.lastname ?? ""}`.trim();
  return name || message.sender.email || "User";
}

export const isAdminSender = (message: Message): boolean =>
  message.sender !== "bot" && Boolean(message.sender.roles?.includes("admin"));

export const isOwn = (message: Message, userId: string | undefined): boolean =>
  Boolean(userId) && message.sender !== "bot" && message.sender._id === userId;

export { formatPrice } from "../../lib/money.ts";
