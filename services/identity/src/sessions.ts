import { create } from "@bufbuild/protobuf";
import type { Outbox } from "@dirabot/platform";
import { PasswordChanged, SessionsEnded } from "@dirabot/proto/events";
import { PasswordChangedSchema, SessionsEndedSchema } from "@dirabot/proto/events/v1/identity_pb.js";
import type { Trx } from "./db.ts";
import type { EndReason, SessionScope, UsersRepo } from "./users.repo.ts";

/**
 * Ending sessions before their time, in the caller's transaction: the rows are revoked and
 * sessions.ended is staged with them, so the gateway forgets the tokens and disconnects their
 * sockets at once instead of after its cache runs out. The caller kicks the outbox after commit.
 */
export class SessionEnds {
  #repo: UsersRepo;
  #outbox: Outbox;
  constructor(repo: UsersRepo, outbox: Outbox) {
    this.#repo = repo;
    this.#outbox = outbox;
  }

  async end(trx: Trx, userId: string, which: SessionScope, reason: EndReason): Promise<string[]> {
    const ids = await this.#repo.revokeSessions(trx as never, userId, which, reason);
    const all = which === "all" || ("except" in which && which.except === "");
    // "all" is announced even when nothing was open: a socket whose session ended some other way
    // still goes with its user.
    if (ids.length > 0 || all)
      await this.#outbox.stage(
        trx,
        SessionsEnded,
        create(SessionsEndedSchema, { userId, sessionIds: ids, all }),
      );
    return ids;
  }

  /**
   * A new password (changed, or `reset` with a code), announced in the caller's transaction: the
   * telegram service ends the account's link codes in flight and tells its linked chat.
   */
  async passwordChanged(
    trx: Trx,
    user: { id: string; email: string; locale: string },
    reset: boolean,
  ): Promise<void> {
    await this.#outbox.stage(
      trx,
      PasswordChanged,
      create(PasswordChangedSchema, { userId: user.id, email: user.email, reset, locale: user.locale }),
    );
  }

  kick(): void {
    this.#outbox.kick();
  }
}
