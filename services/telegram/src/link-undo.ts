import { create } from "@bufbuild/protobuf";
import type { Locale, Outbox } from "@dirabot/platform";
import { LinkUndone } from "@dirabot/proto/events";
import { LinkUndoneSchema } from "@dirabot/proto/events/v1/telegram_pb.js";
import type { Trx } from "./db.ts";
import { replacedNotice, UNDO_MS, type Undone } from "./link-notices.ts";
import type { LinkRow, LinksRepo } from "./links.repo.ts";
import { newCode } from "./links.service.ts";
import type { NoticesRepo } from "./notices.repo.ts";
import type { UndosRepo } from "./undos.repo.ts";

/**
 * A link that replaces another chat, and its undo. The replaced chat is told, in the transaction
 * of the new link, and may take the account back within a day: whoever made the new link held a
 * session of the account (and its password), so the undo also ends every session (identity,
 * through link.undone) and every link code in flight.
 */
export class LinkUndo {
  readonly #links: LinksRepo;
  readonly #undos: UndosRepo;
  readonly #notices: NoticesRepo;
  readonly #outbox: Outbox;
  constructor(deps: { links: LinksRepo; undos: UndosRepo; notices: NoticesRepo; outbox: Outbox }) {
    this.#links = deps.links;
    this.#undos = deps.undos;
    this.#notices = deps.notices;
    this.#outbox = deps.outbox;
  }

  /** In the redemption's transaction: `previous`, replaced by `by`, is told and offered an undo. */
  async offer(
    trx: Trx,
    previous: LinkRow,
    account: string,
    by: { username: string; name: string },
    locale: Locale = "en",
  ): Promise<void> {
    const expiresAt = new Date(Date.now() + UNDO_MS);
    let code = newCode();
    const row = { user_id: previous.user_id, chat_id: previous.chat_id, username: previous.username };
    while (!(await this.#undos.insert(trx, { ...row, name: previous.name, code, expires_at: expiresAt })))
      code = newCode();
    await this.#undos.prune(trx);
    await this.#notices.enqueue(trx, previous.chat_id, replacedNotice(account, by, code, locale));
  }

  /** `/undo_<code>` from `chatId`: only the chat the code was sent to, once, within a day. */
  async undo(raw: string, chatId: string): Promise<Undone> {
    const code = raw.trim().toUpperCase();
    const outcome = await this.#links.db.transaction().execute(async (trx) => {
      const undo = await this.#undos.forUpdate(trx, code);
      if (!undo || undo.chat_id !== chatId) return "unknown";
      if (undo.used_at) return "used";
      if (undo.expires_at.getTime() <= Date.now()) return "expired";
      await this.#links.linkForUpdate(trx, undo.user_id);
      await this.#undos.useAll(trx, undo.user_id);
      await this.#links.burnCodesOf(trx, undo.user_id);
      await this.#links.upsertLink(trx, {
        user_id: undo.user_id,
        chat_id: undo.chat_id,
        username: undo.username,
        name: undo.name,
      });
      await this.#outbox.stage(trx, LinkUndone, create(LinkUndoneSchema, { userId: undo.user_id }));
      return "undone";
    });
    if (outcome === "undone") this.#outbox.kick();
    return outcome;
  }
}
