import { timestampDate } from "@bufbuild/protobuf/wkt";
import { type Client, Code, ConnectError } from "@connectrpc/connect";
import { userRoutes as contract, TelegramLinkBody } from "@dirabot/api";
import { AppError, localeOr } from "@dirabot/platform";
import type { IdentityService } from "@dirabot/proto/identity/v1/identity_pb.js";
import type { TelegramService } from "@dirabot/proto/telegram/v1/telegram_pb.js";
import type Router from "@koa/router";
import { limitedLogin } from "../auth/login-limits.ts";
import { requireUser } from "../auth/session.ts";
import { body } from "../body.ts";
import type { GatewayLimits } from "../limits.ts";
import type { ApiDoc } from "../openapi.ts";
import { actingUser } from "./actor.ts";

/**
 * POST /api/users/me/telegram-link: the linked chat receives the account's reset codes, so a
 * session alone (maybe a stolen one) does not make a link. Identity checks the person again; a
 * wrong password spends the failed sign-in budgets of (account, address) and of the address, as a
 * sign-in would, so this is no way around them to guess a password.
 */
export function telegramLinkRoutes(
  router: Router,
  deps: {
    identity: Client<typeof IdentityService>;
    telegram: Client<typeof TelegramService>;
    limits: GatewayLimits;
  },
  doc: ApiDoc,
): void {
  doc.add(contract.telegramLink);
  router.post("/api/users/me/telegram-link", requireUser, async (k) => {
    const { password = "" } = await body(k, TelegramLinkBody);
    const { user, call } = actingUser(k);
    await limitedLogin(k, deps.limits, user.email.toLowerCase(), () =>
      deps.identity.reauthenticate({ password }, call),
    ).catch((err) => {
      const code = ConnectError.from(err).code;
      if (code === Code.Unauthenticated || code === Code.PermissionDenied)
        throw new AppError("reauth_required", ConnectError.from(err).rawMessage);
      throw err;
    });
    const r = await deps.telegram.createLinkCode(
      { account: user.email, locale: localeOr(user.locale) },
      call,
    );
    k.body = {
      code: r.code,
      url: r.url,
      // The telegram service always stamps it; "" would break the contract loudly.
      expiresAt: r.expiresAt ? timestampDate(r.expiresAt).toISOString() : "",
    };
  });
}
