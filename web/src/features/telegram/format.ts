import { i18n } from "../../i18n/index.ts";
import { israelClock, israelDateTime } from "../../lib/dates.ts";
import type { TelegramMessage } from "./api.ts";

// How the messaging screens word and time things, in the reader's language. Names are people's
// and groups' own, in any script: inside a sentence each is wrapped in Unicode isolates (FSI…PDI)
// so a Hebrew name never drags the English words around it out of order, nor the other way.

const t = (key: string, options?: Record<string, unknown>) => i18n.t(`telegram:${key}`, options ?? {});
/** A piece of data set apart from the words around it (FSI … PDI). */
export const isolate = (value: string) => `\u2068${value}\u2069`;

/** Day, month, year, hour and minute on Israel's clock (digits only, the same in both languages). */
export const sentAt = (iso: string | null) => israelDateTime(iso) || t("history.never");
/** HH:mm, as chat bubbles show it. */
export const timeOf = israelClock;

export const MESSAGE_TYPES = ["broadcast", "direct", "received"] as const;
/** A message type's name: "Broadcast", "Direct", "Received". */
export const typeLabel = (type: TelegramMessage["type"]) => t(`types.${type}`);
/** A send's status as its tag shows it: "pending", "sent", "failed". */
export const statusLabel = (status: TelegramMessage["status"]) => t(`statuses.${status}`);
export const STATUS_INTENTS = { pending: "warning", sent: "success", failed: "danger" } as const;

/** Who a message went to (or came from), as the history shows it. */
export function chatLabel(m: TelegramMessage): string {
  if (m.type === "broadcast") return t("label.allChats", { count: m.recipients?.total ?? 0 });
  const name = m.chatName || (m.chatId ? t("label.chatId", { id: m.chatId }) : t("label.unknownChat"));
  return m.senderName ? t("label.senderIn", { sender: isolate(m.senderName), chat: isolate(name) }) : name;
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
    .map(([n, what]) => t(`delivery.${what}`, { count: n }))
    .join(t("delivery.join"));
}

/** A chat's name for lists: its name, else "Chat <id>". */
export const chatName = (c: { chatName: string; chatId: string }) =>
  c.chatName || t("label.chatId", { id: c.chatId });
