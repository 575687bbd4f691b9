import type { Client } from "@connectrpc/connect";
import type { IdentityService } from "@dirabot/proto/identity/v1/identity_pb.js";

/**
 * Gives a session the identity service has just opened to the caller (`answer` sets the cookie
 * and the body). If the answer fails, the caller gets an error and never the token: the session
 * is ended before the error goes out, or it would stay live, held by nobody, until it expires.
 */
export async function handOver(
  identity: Client<typeof IdentityService>,
  token: string | undefined,
  answer: () => void | Promise<void>,
): Promise<void> {
  try {
    await answer();
  } catch (err) {
    // The answer's error is the one to report; if identity cannot be reached to end the session
    // either, the token was never sent to anyone and expires on its own.
    if (token) await identity.logout({ token }).catch(() => undefined);
    throw err;
  }
}
