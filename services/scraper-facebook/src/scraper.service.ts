import * as fs from "node:fs/promises";
import * as path from "node:path";
import { AppError, type Logger } from "@dirabot/platform";
import type { Chromium, Leases } from "@dirabot/scraping";
import type { BrowserContext, Page } from "playwright-core";
import { cookieFileMtime, readCookieFile } from "./cookies.ts";
import { feedContext, readGroup, type WallReason } from "./group-reader.ts";
import type { Figures, StateRepo } from "./state.repo.ts";
import { firstLine, type PostTaker } from "./take.service.ts";

export const SOURCE = "facebook-scraper";

export interface ScraperConfig {
  groups: string[];
  /** The key of the state the replicas share: the sorted group ids. */
  scope: string;
  cookiesFile: string | undefined;
  baseUrl: string;
  scrolls: number;
  scrollWaitMs: number;
  navigationTimeoutMs: number;
  leaseSeconds: number;
  /** Where the last page's screenshot is kept (GetPreview). */
  previewPath: string;
  /** Who holds a group's lease: this replica. */
  holder: string;
}

/** What one interval's step did: a run with its outcome, or why no page was loaded. */
export type TickOutcome =
  | { ran: false; reason: string }
  | { ran: true; state: "online" | "offline"; error: string; figures: Figures };

const zero = (): Figures => ({ fetched: 0, new: 0, updated: 0, failed: 0, skipped: 0, duration_ms: 0 });

/** Reads the groups once per interval, unless Facebook refused the session and nobody renewed it. */
export class FacebookScraper {
  #cfg: ScraperConfig;
  #repo: StateRepo;
  #leases: Leases;
  #chrome: Chromium;
  #taker: PostTaker;
  #log: Logger;
  #queue: Promise<unknown> = Promise.resolve();
  stopping = false;

  constructor(opts: {
    cfg: ScraperConfig;
    repo: StateRepo;
    leases: Leases;
    chrome: Chromium;
    taker: PostTaker;
    log: Logger;
  }) {
    this.#cfg = opts.cfg;
    this.#repo = opts.repo;
    this.#leases = opts.leases;
    this.#chrome = opts.chrome;
    this.#taker = opts.taker;
    this.#log = opts.log;
  }

  /** Set when the source is off by configuration: nothing to run, ever. */
  disabledReason(): string | undefined {
    if (this.#cfg.groups.length === 0) return "FACEBOOK_GROUPS is unset";
    if (!this.#cfg.cookiesFile) return "FACEBOOK_COOKIES_FILE is unset";
    return undefined;
  }

  /** One interval's step; steps of this replica never overlap. */
  tick(): Promise<TickOutcome> {
    const next = this.#queue.then(() => this.#tick());
    this.#queue = next.catch(() => undefined);
    return next;
  }

  /** Resolves once the step in flight (if any) has ended. */
  async idle(): Promise<void> {
    await this.#queue;
  }

  async #tick(): Promise<TickOutcome> {
    if (this.stopping) return { ran: false, reason: "stopping" };
    const disabled = this.disabledReason();
    if (disabled) return { ran: false, reason: disabled };
    const file = this.#cfg.cookiesFile as string;
    const mtime = await cookieFileMtime(file); // cheap: a stat per interval
    if (mtime === undefined) {
      const reason = `cookie file ${file} is missing`;
      await this.#repo.setState(this.#cfg.scope, "offline", reason);
      return { ran: false, reason };
    }
    const state = await this.#repo.state(this.#cfg.scope);
    if (state?.blocked_mtime != null && state.blocked_mtime === mtime)
      return { ran: false, reason: `${state.last_error}: waiting for a new cookie file` };
    return this.#run(file);
  }

  async #run(file: string): Promise<TickOutcome> {
    const startedAt = new Date();
    const t0 = performance.now();
    const f = zero();
    const errors: string[] = [];
    let wall: WallReason | undefined;
    // The cookie file's mtime when it cannot work (refused session, not an export): no page is
    // loaded again until an operator replaces it.
    let blockedMtime: number | null = null;
    let read = 0;
    let failedGroups = 0;
    this.#taker.newRun();
    try {
      const loaded = await readCookieFile(file, this.#cfg.baseUrl).catch(async (err) => {
        if (err instanceof AppError && err.code === "invalid_argument")
          blockedMtime = (await cookieFileMtime(file)) ?? null;
        throw err;
      });
      // The browser starts only for a group this replica leased: a replica left without work
      // loads nothing.
      let context: BrowserContext | undefined;
      let page: Page | undefined;
      try {
        for (const groupId of this.#cfg.groups) {
          if (this.stopping || wall) break;
          if (!(await this.#leases.claim(groupId, SOURCE, this.#cfg.holder, this.#cfg.leaseSeconds * 1000))) {
            this.#log.info({ group: groupId }, "another replica is reading this group");
            continue;
          }
          read++;
          try {
            if (!page) {
              context = await this.#chrome.context(feedContext, loaded.cookies);
              page = await context.newPage();
            }
            const r = await readGroup(page, {
              ...this.#cfg,
              groupId,
              known: async (id) => (await this.#repo.seenAmong(groupId, [id])).has(id),
            });
            await this.#screenshot(page);
            if (r.kind === "wall") wall = r.reason;
            else {
              let err = await this.#taker.take(groupId, r.posts, f);
              if (!err && r.unread > 0 && r.posts.length === 0)
                err = `group ${groupId}: ${r.unread} posts without a permalink (has the page changed?)`;
              if (err) {
                errors.push(err);
                failedGroups++;
              }
            }
          } catch (err) {
            failedGroups++;
            if (!this.stopping) errors.push(`group ${groupId}: ${firstLine(err)}`);
          } finally {
            await this.#leases.release(groupId, this.#cfg.holder);
          }
        }
      } finally {
        await context?.close().catch(() => undefined);
      }
      if (wall) blockedMtime = loaded.mtimeMs;
    } catch (err) {
      errors.push(firstLine(err));
    }
    if (this.stopping) return { ran: false, reason: "stopping" };
    if (read === 0 && !wall && errors.length === 0) return { ran: false, reason: "every group is leased" };
    f.duration_ms = Math.round(performance.now() - t0);
    const error = wall ?? errors.join("; ");
    // Offline when nothing could be read: refused, no usable cookie file, or every group failed.
    const failedAll = wall !== undefined || (read > 0 ? failedGroups >= read : errors.length > 0);
    const state = failedAll ? "offline" : "online";
    await this.#repo.recordRun({
      scope: this.#cfg.scope,
      state,
      error,
      startedAt,
      groups: read,
      ...f,
      blockedMtime,
      success: !failedAll,
    });
    if (wall) this.#log.warn({ reason: wall }, "Facebook refused the session; waiting for a new cookie file");
    this.#log.info({ ...f, groups: read, state, error }, "facebook run");
    return { ran: true, state, error, figures: f };
  }

  async #screenshot(page: Page): Promise<void> {
    const to = this.#cfg.previewPath;
    try {
      await fs.mkdir(path.dirname(to), { recursive: true });
      await page.evaluate("window.scrollTo(0, 0)"); // the top of the feed tells the most
      await page.screenshot({ path: `${to}.tmp`, type: "png" });
      await fs.rename(`${to}.tmp`, to); // readers never see half a file
    } catch (err) {
      this.#log.warn({ err }, "screenshot failed");
    }
  }
}
