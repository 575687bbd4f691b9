import { ownSettings, persistentSecret, type ServiceModule } from "@dirabot/platform";
import { TelegramService } from "@dirabot/proto/telegram/v1/telegram_pb.js";
import { users } from "../migrations/0001_users.ts";
import { resetCodes } from "../migrations/0002_reset_codes.ts";
import { notify } from "../migrations/0003_notify.ts";
import { resetTries } from "../migrations/0004_reset_tries.ts";
import { sessionDevices } from "../migrations/0005_session_devices.ts";
import { locale } from "../migrations/0006_locale.ts";
import { sessionEndReason } from "../migrations/0007_session_end_reason.ts";
import { places } from "../migrations/0008_places.ts";
import { AuthService } from "./auth.service.ts";
import type { IdentityDb } from "./db.ts";
import { onLinkUndone } from "./events.ts";
import { passwordHashing } from "./passwords.ts";
import { ResetRepo } from "./reset.repo.ts";
import { ResetService } from "./reset.service.ts";
import { ResetTriesRepo } from "./reset-tries.repo.ts";
import { routes } from "./server.ts";
import { SessionList } from "./session-list.ts";
import { SessionsRepo } from "./sessions.repo.ts";
import { SessionEnds } from "./sessions.ts";
import { identitySettings } from "./settings.ts";
import { Tokens } from "./tokens.ts";
import { UsersRepo } from "./users.repo.ts";
import { UsersService } from "./users.service.ts";

/** The identity service: users, credentials, sessions, roles and bans. */
export const identity: ServiceModule<IdentityDb> = {
  name: "identity",
  schema: "identity",
  settings: identitySettings,
  migrations: {
    "0001_users": users,
    "0002_reset_codes": resetCodes,
    "0003_notify": notify,
    "0004_reset_tries": resetTries,
    "0005_session_devices": sessionDevices,
    "0006_locale": locale,
    "0007_session_end_reason": sessionEndReason,
    "0008_places": places,
  },
  async start(ctx) {
    const own = ownSettings(ctx.settings, identitySettings);
    const secret = ctx.settings.JWT_SECRET ?? persistentSecret(ctx.settings.DATA_DIR, "jwt-secret");
    const repo = new UsersRepo(ctx.db);
    const codes = new ResetRepo(ctx.db);
    const sessions = new SessionEnds(repo, ctx.outbox);
    const sessionList = new SessionList(new SessionsRepo(ctx.db), repo, sessions);
    const tokens = new Tokens(secret);
    const passwords = passwordHashing(undefined, own.PASSWORD_HASH_COST);
    const auth = new AuthService({
      repo,
      tokens,
      outbox: ctx.outbox,
      codes,
      sessions,
      sessionList,
      passwords,
    });
    const usersService = new UsersService(repo, ctx.outbox, sessions);
    ctx.consume(onLinkUndone(sessions, codes, ctx.outbox));
    return {
      routes: routes(
        auth,
        usersService,
        sessionList,
        new ResetService({
          users: repo,
          codes,
          tries: new ResetTriesRepo(ctx.db),
          sessions,
          telegram: ctx.client("telegram", TelegramService),
          secret,
          log: ctx.log,
          passwords,
        }),
      ),
      async begin() {
        if (own.ADMIN_EMAIL)
          await auth.ensureAdmin(own.ADMIN_EMAIL, own.ADMIN_PASSWORD, {
            promoteExisting: own.ADMIN_PROMOTE_EXISTING,
            log: ctx.log,
          });
        if (ctx.settings.DEMO) await auth.ensureDemoUser();
      },
    };
  },
};
export { identitySettings } from "./settings.ts";
