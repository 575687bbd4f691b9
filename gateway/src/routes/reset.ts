import type { Client } from "@connectrpc/connect";
import {
  CompleteResetBody,
  authRoutes as contract,
  RESET_MESSAGES,
  RequestResetBody,
  ResetPasswordBody,
  VerifyResetCodeBody,
} from "@dirabot/api";
import type { IdentityService } from "@dirabot/proto/identity/v1/identity_pb.js";
import type Router from "@koa/router";
import type { Context } from "koa";
import { body } from "../body.ts";
import { addressKey } from "../client-address.ts";
import type { ApiDoc } from "../openapi.ts";
import { type Limiter, rateLimit } from "../rate-limit.ts";

/**
 * Password reset through Telegram: the same answer for every email, so no one can probe which have
 * accounts. Budgets are per address and per (account, address), so a stranger's attempts never
 * spend the owner's; identity counts the guesses per account too, given the address we vouch for.
 */
export function resetRoutes(
  router: Router,
  deps: { identity: Client<typeof IdentityService>; publicUrl: string; perIp: Limiter; perPair: Limiter },
  doc: ApiDoc,
): void {
  const byIp = rateLimit(deps.perIp, (k) => addressKey(k.ip));
  const byPair = rateLimit(deps.perPair, (k) => `reset:${String(k.state.account)}|${addressKey(k.ip)}`);
  const account = (value: string) => value.trim().toLowerCase();

  doc.add(contract.requestReset);
  router.post("/api/auth/request-reset", byIp, async (k) => {
    const input = await body(k, RequestResetBody);
    k.state.account = account(input.email);
    await byPair(k, async () => {
      await deps.identity.requestPasswordReset({
        email: input.email,
        publicUrl: deps.publicUrl,
        clientAddress: addressKey(k.ip),
      });
      k.body = { status: "success", message: RESET_MESSAGES.sent };
    });
  });

  doc.add(contract.verifyResetCode);
  router.post("/api/auth/verify-reset-code", byIp, async (k) => {
    const input = await body(k, VerifyResetCodeBody);
    k.state.account = account(input.email);
    await byPair(k, async () => {
      await deps.identity.verifyResetCode({ ...input, clientAddress: addressKey(k.ip) });
      k.body = { status: "success", message: RESET_MESSAGES.verified };
    });
  });

  /** Sets the new password with the code or the link's token: identity counts both as guesses. */
  const resetWith = async (
    k: Context,
    input: { email: string; newPassword: string },
    proof: { code: string } | { token: string },
  ) => {
    k.state.account = account(input.email);
    await byPair(k, async () => {
      await deps.identity.resetPassword({
        email: input.email,
        newPassword: input.newPassword,
        ...proof,
        clientAddress: addressKey(k.ip),
      });
      k.body = { status: "success", message: RESET_MESSAGES.done };
    });
  };

  doc.add(contract.resetPassword);
  router.post("/api/auth/reset-password", byIp, async (k) => {
    const input = await body(k, ResetPasswordBody);
    await resetWith(k, input, { code: input.code });
  });

  doc.add(contract.completeReset);
  router.post("/api/auth/complete-reset", byIp, async (k) => {
    const input = await body(k, CompleteResetBody);
    await resetWith(k, input, { token: input.token });
  });
}
