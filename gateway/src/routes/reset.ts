import type { Client } from "@connectrpc/connect";
import type { IdentityService } from "@dirabot/proto/identity/v1/identity_pb.js";
import type Router from "@koa/router";
import * as z from "zod";
import { body } from "../body.ts";
import type { ApiDoc } from "../openapi.ts";
import { type Limiter, rateLimit } from "../rate-limit.ts";

const email = z.string({ message: "Username is required" }).trim().min(1, "Username is required").max(254);
const newPassword = z
  .string({ message: "New password is required" })
  .min(1, "New password is required")
  .min(8, "Password must be at least 8 characters")
  .max(256);
const code = z
  .string({ message: "Verification code is required" })
  .trim()
  .min(1, "Verification code is required")
  .max(12);
const token = z.string({ message: "Invalid reset link" }).min(1, "Invalid reset link").max(200);

const SENT = "Verification code sent to your Telegram account. Please enter the code below.";
const VERIFIED = "Code verified. Please set your new password.";
const DONE = "Password reset successful. You can now login with your new password.";

/** Password reset through Telegram (CONTRACT.md): the same answer for every email. */
export function resetRoutes(
  router: Router,
  deps: { identity: Client<typeof IdentityService>; publicUrl: string; perIp: Limiter; perAccount: Limiter },
  doc: ApiDoc,
): void {
  const byIp = rateLimit(deps.perIp, (k) => k.ip);
  const byAccount = rateLimit(deps.perAccount, (k) => `reset:${String(k.state.account)}`);
  const account = (value: string) => value.trim().toLowerCase();

  doc.add("post", "/api/auth/request-reset", "Send a reset code and link to the linked Telegram account", {
    200: "{status, message}",
    429: "Too many requests",
  });
  router.post("/api/auth/request-reset", byIp, async (k) => {
    const input = await body(k, z.object({ email }));
    k.state.account = account(input.email);
    await byAccount(k, async () => {
      await deps.identity.requestPasswordReset({ email: input.email, publicUrl: deps.publicUrl });
      k.body = { status: "success", message: SENT };
    });
  });

  doc.add("post", "/api/auth/verify-reset-code", "Check a reset code", {
    200: "{status, message}",
    400: "Invalid verification code",
  });
  router.post("/api/auth/verify-reset-code", byIp, async (k) => {
    const input = await body(k, z.object({ email, code }));
    k.state.account = account(input.email);
    await byAccount(k, async () => {
      await deps.identity.verifyResetCode(input);
      k.body = { status: "success", message: VERIFIED };
    });
  });

  doc.add("post", "/api/auth/reset-password", "Set a new password with the code", {
    200: "{status, message}",
    400: "Invalid",
  });
  router.post("/api/auth/reset-password", byIp, async (k) => {
    const input = await body(k, z.object({ email, code, newPassword }));
    k.state.account = account(input.email);
    await byAccount(k, async () => {
      await deps.identity.resetPassword({
        email: input.email,
        code: input.code,
        newPassword: input.newPassword,
      });
      k.body = { status: "success", message: DONE };
    });
  });

  doc.add("post", "/api/auth/complete-reset", "Set a new password with the link's token", {
    200: "{status, message}",
    400: "Invalid",
  });
  router.post("/api/auth/complete-reset", byIp, async (k) => {
    const input = await body(k, z.object({ email, token, newPassword }));
    await deps.identity.resetPassword({
      email: input.email,
      token: input.token,
      newPassword: input.newPassword,
    });
    k.body = { status: "success", message: DONE };
  });
}
