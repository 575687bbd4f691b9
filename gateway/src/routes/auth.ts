import type { Client } from "@connectrpc/connect";
import type { IdentityService } from "@dirabot/proto/identity/v1/identity_pb.js";
import type Router from "@koa/router";
import * as z from "zod";
import { clearSessionCookie, setSessionCookie } from "../auth/cookie.ts";
import { handOver } from "../auth/hand-over.ts";
import { limitedLogin } from "../auth/login-limits.ts";
import type { SessionCache } from "../auth/session.ts";
import { userJson } from "../auth/user-json.ts";
import { body } from "../body.ts";
import type { GatewayLimits } from "../limits.ts";
import type { ApiDoc } from "../openapi.ts";
import { rateLimit } from "../rate-limit.ts";
import { callAs } from "./actor.ts";

const str = (msg: string) => z.string({ message: msg });
const Register = z.object({
  firstname: str("First name is required").trim().min(1, "First name is required").max(80),
  lastname: str("Last name is required").trim().min(1, "Last name is required").max(80),
  email: str("username").trim().min(1, "username").max(254),
  password: str("Password is required")
    .min(1, "Password is required")
    .min(6, "Password must be at least 6 characters long")
    .max(256),
});
const Login = z.object({
  email: str("username is required").trim().min(1, "username is required").max(254),
  password: str("Password is required").min(1, "Password is required").max(256),
});
const Validate = z.object({ token: z.string().max(4096).optional() });
const ChangePassword = z.object({
  currentPassword: str("Current password is required").min(1, "Current password is required").max(256),
  newPassword: str("New password is required").min(6, "Password must be at least 6 characters").max(256),
});

export interface AuthDeps {
  identity: Client<typeof IdentityService>;
  sessions: SessionCache;
  secureCookie: boolean;
  limits: GatewayLimits;
}

/** /api/auth: the spec's register, login, logout, validate and change-password. */
export function authRoutes(router: Router, deps: AuthDeps, doc: ApiDoc): void {
  const byIp = rateLimit(deps.limits.register, (k) => k.ip);

  doc.add("post", "/api/auth/register", "Create a local account and sign in", {
    201: "{status, message, token, user}",
    400: "Invalid",
    409: "Email taken",
    429: "Too many requests",
  });
  router.post("/api/auth/register", byIp, async (k) => {
    const input = await body(k, Register);
    const { session } = await deps.identity.register(input);
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

  doc.add("post", "/api/auth/login", "Sign in with email and password", {
    200: "{token, user}",
    401: "Invalid email or password",
    429: "Too many requests",
  });
  router.post("/api/auth/login", async (k) => {
    const input = await body(k, Login);
    await limitedLogin(k, deps.limits, input.email.toLowerCase(), async () => {
      const { session } = await deps.identity.login(input);
      await handOver(deps.identity, session?.token, () => {
        setSessionCookie(k, session?.token ?? "", deps.secureCookie);
        k.body = { token: session?.token, user: session?.user && userJson(session.user) };
      });
    });
  });

  doc.add("post", "/api/auth/logout", "Revoke the session and clear the cookie", { 200: "{status}" });
  router.post("/api/auth/logout", async (k) => {
    const token = k.state.token as string | undefined;
    if (token) {
      await deps.identity.logout({ token });
      deps.sessions.forget(token);
    }
    clearSessionCookie(k, deps.secureCookie);
    k.body = { status: "success" };
  });

  doc.add("post", "/api/auth/validate", "Is this token (or the request's session) valid?", {
    200: "{valid: true}",
    401: "Not valid",
  });
  router.post("/api/auth/validate", async (k) => {
    const { token } = await body(k, Validate);
    const user = token ? await deps.sessions.user(token) : (k.state.user ?? null);
    if (!user) {
      k.status = 401;
      k.body = { message: "Invalid or expired session", code: "unauthenticated" };
      return;
    }
    k.body = { valid: true, user: userJson(user) };
  });

  doc.add("post", "/api/auth/change-password", "Change the signed-in user's password", {
    200: "{status, message}",
    400: "Invalid",
    401: "Not signed in",
  });
  router.post("/api/auth/change-password", async (k) => {
    const call = callAs(k);
    const input = await body(k, ChangePassword);
    await deps.identity.changePassword(
      { currentPassword: input.currentPassword, newPassword: input.newPassword },
      call,
    );
    k.body = { status: "success", message: "Password changed" };
  });
}
