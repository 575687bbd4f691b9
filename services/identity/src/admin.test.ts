import { afterEach, describe, expect, it } from "vitest";
import { email, type IdentityHarness, startIdentity, WARN } from "../test/harness.ts";

/**
 * ADMIN_EMAIL at start: it creates the admin, and makes an existing account admin only when the
 * operator says so (ADMIN_PROMOTE_EXISTING=1): anyone may have registered that email first.
 */
// Two starts of the service in one test: room for a loaded machine.
const SLOW = 180_000;

describe("the ADMIN_EMAIL account", () => {
  let h: IdentityHarness | undefined;
  afterEach(async () => {
    await h?.stop();
    h = undefined;
  });

  /** Registers an account, then starts identity again on the same data with ADMIN_EMAIL set to it. */
  async function restartWithAdmin(promote: "0" | "1") {
    h = await startIdentity();
    const mail = email("early");
    const { session } = await h.identity.register({
      firstname: "Early",
      lastname: "Bird",
      email: mail,
      password: "early-bird-1",
    });
    const dataDir = h.dataDir;
    await h.stop();
    h = await startIdentity({
      dataDir,
      settings: { ADMIN_EMAIL: mail, ADMIN_PASSWORD: "operator-pass-1", ADMIN_PROMOTE_EXISTING: promote },
    });
    const { user } = await h.identity.getUser({ id: session?.user?.id });
    const signedIn = await h.identity.authenticate({ token: session?.token as string }).then(
      () => true,
      () => false,
    );
    return { mail, user, signedIn, warnings: h.logs.filter((l) => l.level === WARN) };
  }

  it(
    "is created as an admin with ADMIN_PASSWORD when no account has the email",
    async () => {
      const mail = email("boss");
      h = await startIdentity({ settings: { ADMIN_EMAIL: mail, ADMIN_PASSWORD: "operator-pass-1" } });
      const { session } = await h.identity.login({ email: mail, password: "operator-pass-1" });
      expect(session?.user?.roles).toEqual(["user", "admin"]);
      expect(h.logs.filter((l) => l.level >= WARN)).toEqual([]);
    },
    SLOW,
  );

  it(
    "leaves an existing non-admin account as it is, and warns the operator what to do",
    async () => {
      const { mail, user, signedIn, warnings } = await restartWithAdmin("0");
      expect(user?.roles).toEqual(["user"]);
      expect(signedIn).toBe(true);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatchObject({ email: mail });
      expect(warnings[0]?.msg).toContain(mail);
      expect(warnings[0]?.msg).toContain("ADMIN_PROMOTE_EXISTING=1");
      // The operator's ADMIN_PASSWORD did not become that account's password either.
      await expect(h?.identity.login({ email: mail, password: "operator-pass-1" })).rejects.toThrow();
    },
    SLOW,
  );

  it(
    "makes the existing account admin with ADMIN_PROMOTE_EXISTING=1, ends its sessions, and logs it naming the email",
    async () => {
      const { mail, user, signedIn, warnings } = await restartWithAdmin("1");
      expect(user?.roles).toEqual(["user", "admin"]);
      expect(signedIn).toBe(false); // a role change: the sessions held before it end
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatchObject({ email: mail, userId: user?.id });
      expect(warnings[0]?.msg).toContain(mail);
    },
    SLOW,
  );
});
