import { israelClock, israelDateTime } from "../../lib/dates.ts";
import type { TelegramMessage } from "./api.ts";

// How the messaging screens word and time things.

/** Day, month, year, hour and minute on Israel's clock, as the admin tables show dates. */
export const sentAt = (iso: string | null) => israelDateTime(iso) || "—";
/** HH:mm, as chat bubbles show it. */
export const timeOf = israelClock;

export const TYPE_LABELS = { broadcast: "Broadcast", direct: "Direct", received: "Received" } as const;
export const STATUS_INTENTS = { pending: "warning", sent: "success", failed: "danger" } as const;

/** Who a message went to (or came from), as the history shows it. */
export function chatLabel(m: TelegramMessage): string {
  if (m.type === "broadcast") {
    const n = m.recipients?.total ?? 0;
    return `All chats · ${n} ${n === 1 ? "recipient" : "recipients"}`;
  }
  const name = m.chatName || (m.chatId ? `Chat ${m.chatId}` : "Unknown chat");
  return m.senderName ? `${m.senderName} in ${name}` : name;
}

/** A broadcast's progress: "3 sent · 1 failed · 2 pending" (the parts that are not zero). */
export function deliveryLine(m: TelegramMessage): string {
  const r = m.recipients;
  if (!r) return "";
  return (
    [
      [r.sent, "sent"],
      [r.failed, "failed"],
      [r.pending, "pending"],
    ] as const
  )
    .filter(([n]) => n > 0)
    .map(([n, what]) => `${n} ${what}`)
    .join(" · ");
}

/** A chat's name for lists: its name, else its id. */
export const chatName = (c: { chatName: string; chatId: string }) => c.chatName || `Chat ${c.chatId}`;
