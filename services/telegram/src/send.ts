import { setTimeout as sleep } from "node:timers/promises";
import { AppError, type Logger } from "@dirabot/platform";
import { type Api, GrammyError, HttpError } from "grammy";
import type { SendExtras } from "./links.service.ts";

/** Telegram's limit for a photo's caption (a message may have 4096 characters). */
export const MAX_CAPTION = 1024;
/** The longest retry_after a send waits out itself; a longer one goes back to the caller. */
const MAX_WAIT_S = 10;

/**
 * Sends a text, or a photo with the text as its caption, with link buttons (one row) when given.
 * The photo and the buttons are best-effort: on a 400 (Telegram could not fetch the picture, or
 * refuses a button's address) the part at fault is dropped and the rest sent, so the text
 * always arrives. A 429 with a short retry_after is waited out once (Telegram allows a chat
 * about one message a second).
 */
export async function sendTo(
  api: Api,
  log: Logger,
  chatId: string,
  text: string,
  extras: SendExtras,
): Promise<void> {
  // A text too long for a caption goes as a message: the photo is what gives way.
  let { photoUrl } = extras;
  // Telegram's answer does not say which button it refused: they go together.
  let buttons = [...(extras.button ? [extras.button] : []), ...(extras.buttons ?? [])];
  if (photoUrl && text.length > MAX_CAPTION) photoUrl = undefined;
  for (;;) {
    const markup = buttons.length
      ? { reply_markup: { inline_keyboard: [buttons.map((b) => ({ text: b.text, url: b.url }))] } }
      : {};
    const photo = photoUrl;
    try {
      await patiently<unknown>(() =>
        photo
          ? api.sendPhoto(chatId, photo, { caption: text, ...markup })
          : api.sendMessage(chatId, text, markup),
      );
      return;
    } catch (err) {
      if (!badRequest(err) || (!photoUrl && !buttons.length)) throw refusal(err);
      // Each retry drops one part, the one the answer names when it names the buttons.
      if (buttons.length && (/button/i.test(err.description) || !photoUrl)) buttons = [];
      else photoUrl = undefined;
      log.info(
        { chat: chatId, reason: err.description },
        "telegram refused a photo or button; sending without",
      );
    }
  }
}

const badRequest = (err: unknown): err is GrammyError => err instanceof GrammyError && err.error_code === 400;

/** One call, again after a short 429's retry_after. */
export async function patiently<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    const wait =
      err instanceof GrammyError && err.error_code === 429 ? err.parameters.retry_after : undefined;
    if (wait === undefined || wait > MAX_WAIT_S) throw err;
    await sleep(wait * 1000);
    return call();
  }
}

/** Too many requests or Telegram's own failure pass; anything else is a refusal to keep. */
export function refusal(err: unknown): unknown {
  if (err instanceof GrammyError && (err.error_code === 429 || err.error_code >= 500))
    return new AppError("unavailable", `Telegram is busy: ${err.description}`, { cause: err });
  if (err instanceof GrammyError)
    return new AppError("failed_precondition", `Telegram refused the message: ${err.description}`, {
      cause: err,
    });
  if (err instanceof HttpError) return new AppError("unavailable", "Telegram is unreachable", { cause: err });
  return err;
}

/**
 * What a failed send means for trying again: Telegram asked to slow down (429, with how long to
 * wait), refused for good (any other 4xx: "Forbidden: bot was blocked by the user", "Bad Request:
 * chat not found"), or failed in a way worth another try later (5xx, unreachable, time-out).
 */
export type SendFailure =
  | { kind: "throttled"; retryAfterS: number; reason: string }
  | { kind: "refused"; reason: string }
  | { kind: "transient"; reason: string };

export function classify(err: unknown): SendFailure {
  if (err instanceof GrammyError) {
    if (err.error_code === 429)
      return { kind: "throttled", retryAfterS: err.parameters.retry_after ?? 1, reason: err.description };
    if (err.error_code >= 500) return { kind: "transient", reason: err.description };
    return { kind: "refused", reason: err.description };
  }
  if (err instanceof HttpError)
    return { kind: "transient", reason: "Telegram is unreachable or did not answer in time" };
  if (err instanceof AppError && err.code === "failed_precondition")
    return { kind: "refused", reason: err.message };
  return { kind: "transient", reason: err instanceof Error ? err.message : String(err) };
}
