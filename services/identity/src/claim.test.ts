import { Code, ConnectError, createClient } from "@connectrpc/connect";
import { asActor } from "@dirabot/platform";
import { waitFor } from "@dirabot/platform/testing";
import { TelegramService } from "@dirabot/proto/telegram/v1/telegram_pb.js";
import { createTelegram } from "@dirabot/telegram";
import { BotApiDouble } from "@dirabot/telegram/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { email, type IdentityHarness, startIdentity } from "../test/harness.ts";

const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (err) => ConnectError.from(err).code,
  );

/**
 * An account pre-hijack: someone registers the victim's email with a password (and links their
 * own Telegram) before the victim's first Google sign-in. That sign-in claims the account.
 */
describe("the first Google sign-in to an account opened with a password", () => {
  let h: IdentityHarness;
  let double: BotApiDouble;
  beforeAll(async () => {
    double = await BotApiDouble.start();
    h = await startIdentity({
      settings: { TELEGRAM_BOT_TOKEN: double.token, TELEGRAM_API_ROOT: double.url },
      modules: [createTelegram({ lockRetryMs: 300 })],
    });
  }, 180_000);
  afterAll(async () => {
    await h?.stop();
    await double?.close();
  });

  it("drops that password, ends its sessions and reset codes, unlinks its Telegram; the owner is signed in", async () => {
    const victim = email("victim");
    const tg = createClient(TelegramService, h.transport);

    // The attacker opens the account, signs in, links their Telegram and asks for a reset code.
    const registered = await h.identity.register({
      firstname: "Mallory",
      lastname: "M",
      email: victim,
      password: "attacker-pass-1",
    });
    const userId = registered.session?.user?.id as string;
    const attacker = (await h.identity.login({ email: victim, password: "attacker-pass-1" })).session;
    const tokens = [registered.session?.token as string, attacker?.token as string];
    for (const token of tokens) expect((await h.identity.authenticate({ token })).user?.id).toBe(userId);
    const { code: linkCode } = await tg.createLinkCode(
      {},
      asActor({
        userId,
        admin: false,
        sessionId: (await h.identity.authenticate({ token: tokens[1] as string })).sessionId,
      }),
    );
    double.userSays({ chatId: 8101, username: "mallory" }, `/start ${linkCode}`);
    await waitFor(async () => ((await tg.getLink({ userId })).linked ? true : undefined), "the link");
    await h.identity.requestPasswordReset({ email: victim, publicUrl: "http://localhost" });
    const resetCode = await waitFor(
      async () => /code: (\d{6})/.exec(double.sentTo(8101).join("\n"))?.[1],
      "the reset code in the attacker's chat",
    );

    // The owner's first Google sign-in.
    const owner = (
      await h.identity.oAuthSignIn({ provider: "google", email: victim, firstname: "Vered", lastname: "V" })
    ).session;
    expect(owner?.user).toMatchObject({ id: userId, oauthProvider: "google" });
    expect((await h.identity.authenticate({ token: owner?.token as string })).user?.id).toBe(userId);

    for (const token of tokens)
      expect(await codeOf(h.identity.authenticate({ token }))).toBe(Code.Unauthenticated);
    expect(await codeOf(h.identity.login({ email: victim, password: "attacker-pass-1" }))).toBe(
      Code.Unauthenticated,
    );
    expect(
      await codeOf(
        h.identity.resetPassword({ email: victim, code: resetCode, newPassword: "attacker-pass-2" }),
      ),
    ).toBe(Code.InvalidArgument);
    await waitFor(async () => ((await tg.getLink({ userId })).linked ? undefined : true), "the unlink");

    // A later Google sign-in is an ordinary one: the owner's session stays.
    await h.identity.oAuthSignIn({ provider: "google", email: victim, firstname: "Vered", lastname: "V" });
    expect((await h.identity.authenticate({ token: owner?.token as string })).user?.id).toBe(userId);
  }, 120_000);

  it("leaves an account Google opened alone on its next Google sign-in", async () => {
    const mail = email("gali");
    const first = (
      await h.identity.oAuthSignIn({ provider: "google", email: mail, firstname: "Gali", lastname: "G" })
    ).session;
    const again = (
      await h.identity.oAuthSignIn({ provider: "google", email: mail, firstname: "Gali", lastname: "G" })
    ).session;
    expect(again?.user?.id).toBe(first?.user?.id);
    expect((await h.identity.authenticate({ token: first?.token as string })).user?.id).toBe(first?.user?.id);
  });
});
