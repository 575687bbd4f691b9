import { i18n } from "../../../i18n/index.ts";

// The service check, as pure rules (HEAD 2xx is online with the check time; anything else,
// or no answer, is offline with a message): a HEAD answer (or its failure)
// becomes loading/online/offline with the product's messages.

export type ServiceStatus =
  | { state: "loading" }
  | { state: "online"; checkedAt: Date; url: string }
  | { state: "offline"; checkedAt: Date; message: string; reason: string | null };

/** What a check saw: an HTTP answer, or none at all (network failure). */
export type CheckAnswer = { ok: boolean; status: number; url: string; reason: string | null } | null;

/** The English words, as the spec has them; the cards say them in the reader's language. */
export const CONNECT_FAILED = "Failed to connect to service";
export const connectFailed = () => i18n.t("admin:services.connectFailed");
export const returnedStatus = (code: number) => i18n.t("admin:services.returnedStatus", { code });
export const offlineTitle = (type: string) => i18n.t("admin:services.offlineTitle", { type });

/** The check address: `?t=` makes every check (and its preview image) a fresh request. */
export function checkUrl(origin: string, path: string, now: number): string {
  return `${origin}${path}?t=${now}`;
}

/**
 * The x-status-reason header: the gateway percent-encodes what is not printable ASCII (Hebrew,
 * emoji), so it is decoded; a malformed escape keeps the text as sent. Blank means no reason.
 */
export function decodeReason(header: string | null | undefined): string | null {
  const text = header?.trim();
  if (!text) return null;
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

export function statusFromAnswer(answer: CheckAnswer, checkedAt: Date): ServiceStatus {
  if (!answer) return { state: "offline", checkedAt, message: connectFailed(), reason: null };
  if (answer.ok) return { state: "online", checkedAt, url: answer.url };
  return { state: "offline", checkedAt, message: returnedStatus(answer.status), reason: answer.reason };
}

/** One check: HEAD (the gateway answers without the image), never throws. */
export async function checkService(
  path: string,
  origin = window.location.origin,
  now = new Date(),
): Promise<ServiceStatus> {
  const url = checkUrl(origin, path, now.getTime());
  let answer: CheckAnswer;
  try {
    const r = await fetch(url, { method: "HEAD", cache: "no-store", credentials: "same-origin" });
    answer = {
      ok: r.ok,
      status: r.status,
      url: r.url || url,
      reason: decodeReason(r.headers.get("x-status-reason")),
    };
  } catch {
    answer = null;
  }
  return statusFromAnswer(answer, now);
}
