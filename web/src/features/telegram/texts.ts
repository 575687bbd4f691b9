import { i18n } from "../../i18n/index.ts";

// The messaging screens' texts, from the "telegram" catalogue in the reader's language. The two
// validation messages are the gateway's (TELEGRAM_MESSAGES) in English, so a refusal reads the same.

const KEYS = [
  "empty",
  "directMissing",
  "broadcastSent",
  "broadcastFailed",
  "sent",
  "sendFailed",
  "chatsFailed",
  "chatFailed",
  "historyFailed",
  "noMessages",
  "noChats",
  "emptyChat",
  "pickChat",
] as const;
export type TextKey = (typeof KEYS)[number];

/** One of the screens' fixed texts, read now (so a language switch shows at the next draw). */
export const textOf = (key: TextKey): string => i18n.t(`telegram:texts.${key}`);

/** The error a failed call shows: the server's message, else the fallback. */
export const messageOf = (err: unknown, fallback: string) =>
  err instanceof Error && err.message ? err.message : fallback;

/**
 * A text box's direction: its text's own once something is typed (a Hebrew name in an English
 * screen, or the other way), else the page's, so the placeholder reads in the page's direction.
 */
export const typedDir = (value: string): "auto" | undefined => (value ? "auto" : undefined);
