import { type Client, Code, ConnectError } from "@connectrpc/connect";
import {
  ChangePasswordBody,
  authRoutes as contract,
  LoginBody,
  RegisterBody,
  ValidateBody,
} from "@dirabot/api";
import type { IdentityService } from "@dirabot/proto/identity/v1/identity_pb.js";
import type Router from "@koa/router";
import { clearSessionCookie, setSessionCookie } from "../auth/cookie.ts";
import { handOver } from "../auth/hand-over.ts";
import { limitedLogin } from "../auth/login-limits.ts";
import { type SessionCache, signInWanted } from "../auth/session.ts";
import { userJson } from "../auth/user-json.ts";
import { body } from "../body.ts";
import { addressKey } from "../client-address.ts";
import type { GatewayLimits } from "../limits.ts";
import { browserLocale } from "../locale.ts";
import type { ApiDoc } from "../openapi.ts";
import { spend } from "../rate-limit.ts";
import { userAgentOf } from "./access.ts";
import { callAs } from "./actor.ts";

export interface AuthDeps {
  identity: Client<typeof IdentityService>;
  sessions: SessionCache;
  secureCookie: boolean;
  limits: GatewayLimits;
}

/** /api/auth: register, login, logout, validate and change-password. */
export function authRoutes(router: Router, deps: AuthDeps, doc: ApiDoc): void {
  doc.add(contract.register);
  router.post("/api/auth/register", async (k) => {
    const input = await body(k, RegisterBody);
    // Each registration is an argon2 hash: the address's budget is spent once the form is read,
    // before identity is asked, and given back when identity finds a mistake in it (no hash made).
    const address = addressKey(k.ip);
    await spend(deps.limits.register, address, k);
    const { session } = await deps.identity
      .register({ ...input, userAgent: userAgentOf(k), locale: browserLocale(k) })
      .catch(async (err: unknown) => {
        if (ConnectError.from(err).code === Code.InvalidArgument)
          await deps.limits.register.reward(address, 1).catch(() => undefined);
        throw err;
      });
    await handOver(deps.identity, session?.token, () => {
      setSessionCookie(k, session?.token ?? "", deps.secureCookie);
      k.status = 201;
      k.body = {
        status: "success",
        message: "Registration successful",
        token: session?.token,
        user: session?.user && userJson(session.user),
      };
    });
  });

  doc.add(contract.login);
  router.post("/api/auth/login", async (k) => {
    const input = await body(k, LoginBody);
    await limitedLogin(k, deps.limits, input.email.toLowerCase(), async () => {
      const { session } = await deps.identity.login({ ...input, userAgent: userAgentOf(k) });
      await handOver(deps.identity, session?.token, () => {
        setSessionCookie(k, session?.token ?? "", deps.secureCookie);
        k.body = { token: session?.token, user: session?.user && userJson(session.user) };
      });
    });
  });

  doc.add(contract.logout);
  router.post("/api/auth/logout", async (k) => {
    const token = k.state.token as string | undefined;
    if (token) {
      await deps.identity.logout({ token });
      deps.sessions.forget(token);
    }
    clearSessionCookie(k, deps.secureCookie);
    k.body = { status: "success" };
  });

  doc.add(contract.validate);
  router.post("/api/auth/validate", async (k) => {
    const { token } = await body(k, ValidateBody);
    const { session, bannedReason } = token
      ? await deps.sessions.lookup(token)
      : { session: k.state.user ? { user: k.state.user } : null, bannedReason: k.state.bannedReason };
    const user = session?.user;
    if (!user) throw signInWanted(bannedReason, "Invalid or expired session");
    k.body = { valid: true, user: userJson(user) };
  });

  doc.add(contract.changePassword);
  router.post("/api/auth/change-password", async (k) => {
    const call = callAs(k);
    const input = await body(k, ChangePasswordBody);
    await deps.identity.changePassword(
      { currentPassword: input.currentPassword, newPassword: input.newPassword },
      call,
    );
    k.body = { status: "success", message: "Password changed" };
  });
}
