import { type Client, Code, ConnectError } from "@connectrpc/connect";
import type { Logger } from "@dirabot/platform";
import type { TelegramService } from "@dirabot/proto/telegram/v1/telegram_pb.js";
import type { TelegramSendRow } from "../db.ts";
import { backoffMs, MAX_ATTEMPTS } from "./backoff.ts";
import type { DeliveriesRepo } from "./deliveries.repo.ts";
import { Drainer } from "./drainer.ts";
import type { WorkerTiming } from "./push-worker.ts";

// Worth another try later: the telegram service (or Telegram behind it) is busy or away.
const TRANSIENT = new Set([
  Code.Unavailable,
  Code.DeadlineExceeded,
  Code.ResourceExhausted,
  Code.Internal,
  Code.Unknown,
  Code.Aborted,
]);

/**
 * Drains the Telegram queue through the telegram service's SendToUser (which waits out Telegram's
 * 429s itself). An account unlinked meanwhile (NOT_FOUND) or a bot that is not configured ends the
 * send; a service that is away is tried again after a back-off.
 */
export class TelegramWorker {
  readonly drainer: Drainer<TelegramSendRow>;
  readonly #d: { repo: DeliveriesRepo; telegram: Client<typeof TelegramService>; log: Logger } & WorkerTiming;

  constructor(
    d: { repo: DeliveriesRepo; telegram: Client<typeof TelegramService>; log: Logger } & WorkerTiming,
  ) {
    this.#d = d;
    // SendToUser may sleep through a 429's retry_after: a long lease.
    const lease = 2 * 60_000;
    this.drainer = new Drainer({
      name: "telegram",
      claim: (n) => {
        const now = d.now();
        return d.repo.claimTelegram(now, new Date(now.getTime() + lease), n);
      },
      handle: (row) => this.#send(row),
      concurrency: Math.min(d.concurrency, 8),
      pollMs: d.pollMs,
      log: d.log,
    });
  }

  async #send(row: TelegramSendRow): Promise<void> {
    const { repo, telegram, log } = this.#d;
    try {
      await telegram.sendToUser(
        { userId: row.user_id, text: row.text, photoUrl: row.photo, buttons: row.buttons },
        { timeoutMs: 90_000 },
      );
      return repo.telegramDone(row.id);
    } catch (err) {
      const e = ConnectError.from(err);
      const where = { key: row.key, user: row.user_id, attempt: row.attempts, code: Code[e.code] };
      if (e.code === Code.NotFound) {
        log.debug(where, "telegram match not sent: no account linked");
        return repo.telegramDone(row.id);
      }
      if (!TRANSIENT.has(e.code) || row.attempts >= MAX_ATTEMPTS) {
        log.warn({ ...where, error: e.rawMessage }, "telegram match not sent: given up");
        return repo.telegramDone(row.id);
      }
      const at = new Date(this.#d.now().getTime() + backoffMs(row.attempts));
      return repo.telegramRetry(row.id, at, e.rawMessage);
    }
  }
}
