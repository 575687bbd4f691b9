import { Code, ConnectError } from "@connectrpc/connect";
import { asActor } from "@dirabot/platform";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { email, type IdentityHarness, startIdentity } from "../test/harness.ts";
import { REAUTH_ERRORS } from "./reauth.ts";

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (err) => {
      const e = ConnectError.from(err);
      return { code: e.code, message: e.rawMessage };
    },
  );

/** A session of its user as the gateway acts for it: the session id rides in the credential. */
async function actorFromSession(h: IdentityHarness, token: string) {
  const { user, sessionId } = await h.identity.authenticate({ token });
  return asActor({ userId: user?.id as string, admin: false, sessionId });
}

describe("Reauthenticate: the owner again, not only a session", () => {
  let h: IdentityHarness;
  beforeAll(async () => {
    h = await startIdentity();
  }, 180_000);
  afterAll(async () => {
    await h?.stop();
  });

  it("asks an account with a password for it: none is refused, a wrong one is a failed sign-in", async () => {
    const opened = await h.identity.register({
      firstname: "Dana",
      lastname: "K",
      email: email("dana"),
      password: "dana-pass-1",
    });
    const as = await actorFromSession(h, opened.session?.token as string);
    expect(await refusal(h.identity.reauthenticate({ password: "" }, as))).toEqual({
      code: Code.PermissionDenied,
      message: REAUTH_ERRORS.password,
    });
    expect(await refusal(h.identity.reauthenticate({ password: "not-it" }, as))).toEqual({
      code: Code.Unauthenticated,
      message: REAUTH_ERRORS.wrongPassword,
    });
    expect(await h.identity.reauthenticate({ password: "dana-pass-1" }, as)).toBeDefined();
  });

  it("takes a sign-in of the last 10 minutes from an account without a password, not an older one", async () => {
    const opened = await h.identity.oAuthSignIn({
      provider: "google",
      email: email("gali"),
      firstname: "Gali",
      lastname: "G",
    });
    const as = await actorFromSession(h, opened.session?.token as string);
    expect(await h.identity.reauthenticate({ password: "" }, as)).toBeDefined();
    // A password sent by an account without one proves nothing more than its sign-in.
    expect(await h.identity.reauthenticate({ password: "anything" }, as)).toBeDefined();
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 10 * 60_000 + 5000, shouldAdvanceTime: true });
    try {
      expect(await refusal(h.identity.reauthenticate({ password: "" }, as))).toEqual({
        code: Code.PermissionDenied,
        message: REAUTH_ERRORS.signIn,
      });
    } finally {
      vi.useRealTimers();
    }
    // Another user's session proves nothing for this one.
    const other = await h.identity.oAuthSignIn({
      provider: "google",
      email: email("other"),
      firstname: "O",
      lastname: "O",
    });
    const otherSession = (await h.identity.authenticate({ token: other.session?.token as string })).sessionId;
    const mixed = asActor({
      userId: opened.session?.user?.id as string,
      admin: false,
      sessionId: otherSession,
    });
    expect((await refusal(h.identity.reauthenticate({ password: "" }, mixed)))?.code).toBe(
      Code.PermissionDenied,
    );
  });
});
