import type { Client } from "@connectrpc/connect";
import type { Logger } from "@dirabot/platform";
import type { IdentityService } from "@dirabot/proto/identity/v1/identity_pb.js";
import { SCRAPED_SOURCES, type Scrapers, survey, verdict } from "@dirabot/sources";
import type { DeliveriesRepo } from "../delivery/deliveries.repo.ts";
import { offlineText, recoveredText } from "./alert-texts.ts";
import type { OutagesRepo } from "./outages.repo.ts";

type Source = (typeof SCRAPED_SOURCES)[number];

export interface SourceWatchDeps {
  outages: OutagesRepo;
  deliveries: DeliveriesRepo;
  /** The scrapers this deployment runs (a process that reaches none watches nothing). */
  scrapers: () => Scrapers;
  identity: Client<typeof IdentityService>;
  /** SOURCE_ALERT_AFTER_MINUTES in ms. */
  alertAfterMs: number;
  pollMs: number;
  dashboardUrl: string;
  now: () => Date;
  /** Telegram sends were queued: the worker should look now. */
  queued: () => void;
  log: Logger;
}

/**
 * Watches the scraped sources as the service checks judge them (offline, or no success in three
 * intervals; a disabled source is off on purpose, not down) on every replica. A source down for
 * longer than the threshold gets one Telegram message to each admin with a linked account, and
 * one more when it recovers: each claimed on the outage's row in the transaction that queues the
 * messages (their keys are unique too), so replicas and restarts never send either twice.
 */
export class SourceWatch {
  readonly #d: SourceWatchDeps;
  #timer: NodeJS.Timeout | undefined;
  #step: Promise<void> | undefined;

  constructor(d: SourceWatchDeps) {
    this.#d = d;
  }

  start(): void {
    const tick = () => {
      this.#step ??= this.step()
        .catch((err) => this.#d.log.warn({ err }, "source watch step failed"))
        .finally(() => {
          this.#step = undefined;
        });
    };
    this.#timer = setInterval(tick, this.#d.pollMs);
    this.#timer.unref?.();
    tick();
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    await this.#step;
  }

  /** One look at every watched source. */
  async step(): Promise<void> {
    const seen = await survey(this.#d.scrapers());
    const now = this.#d.now();
    for (const src of SCRAPED_SOURCES) {
      const s = seen.get(src.name);
      if (!s) continue; // its scraper is not part of this deployment
      const reason = verdict(s, now.getTime());
      if (reason !== null && s.report?.state !== "disabled") await this.#down(src, reason, now);
      else await this.#up(src, now);
    }
    await this.#d.outages.prune(now);
  }

  async #down(src: Source, reason: string, now: Date): Promise<void> {
    const { outages, deliveries, alertAfterMs } = this.#d;
    const outage = await outages.open(src.name, reason, now);
    if (outage.alerted_at || now.getTime() - outage.started_at.getTime() < alertAfterMs) return;
    const admins = await this.#admins(); // before the transaction: no remote call inside one
    const text = offlineText({
      title: src.title,
      reason,
      since: outage.started_at,
      now,
      dashboard: this.#d.dashboardUrl,
    });
    const claimed = await outages.db.transaction().execute(async (trx) => {
      if (!(await outages.claimAlert(trx, outage.id, now))) return false;
      const key = (user: string) => `outage:${outage.id}:offline:${user}`;
      await deliveries.enqueueTelegram(
        trx,
        admins.map((userId) => ({ userId, message: { key: key(userId), text, photo: "" } })),
        now,
      );
      return true;
    });
    if (!claimed) return;
    this.#d.log.warn({ source: src.name, reason, admins: admins.length }, "source offline: admins alerted");
    this.#d.queued();
  }

  async #up(src: Source, now: Date): Promise<void> {
    const { outages, deliveries } = this.#d;
    const outage = await outages.current(src.name);
    if (!outage) return;
    const admins = outage.alerted_at ? await this.#admins() : [];
    const text = recoveredText({ title: src.title, since: outage.started_at, now });
    const ended = await outages.db.transaction().execute(async (trx) => {
      const row = await outages.recover(trx, outage.id, now);
      if (!row?.recovery_alerted_at) return false;
      const key = (user: string) => `outage:${outage.id}:recovered:${user}`;
      await deliveries.enqueueTelegram(
        trx,
        admins.map((userId) => ({ userId, message: { key: key(userId), text, photo: "" } })),
        now,
      );
      return true;
    });
    if (!ended) return;
    this.#d.log.info({ source: src.name, admins: admins.length }, "source recovered: admins told");
    this.#d.queued();
  }

  /**
   * The admins who are not banned. The telegram service holds the links: SendToUser answers
   * NOT_FOUND for an admin without one, and the queue's worker lets that send go.
   */
  async #admins(): Promise<string[]> {
    const { users } = await this.#d.identity.listAdmins({}, { timeoutMs: 5000 });
    return users.map((u) => u.id);
  }
}
