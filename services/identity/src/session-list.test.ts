import { Code, ConnectError } from "@connectrpc/connect";
import { asActor } from "@dirabot/platform";
import { eventsRecorder, waitFor } from "@dirabot/platform/testing";
import { SessionsEnded } from "@dirabot/proto/events";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { email, type IdentityHarness, startIdentity } from "../test/harness.ts";

const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0";
const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Version/18.0 Mobile Safari/604.1";

const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => "ok",
    (err) => `${Code[ConnectError.from(err).code]}: ${ConnectError.from(err).rawMessage}`,
  );

/** The profile's sessions: each with its browser, the caller's marked; its owner ends one. */
describe("the sessions list", () => {
  let h: IdentityHarness;
  const recorder = eventsRecorder([SessionsEnded]);
  beforeAll(async () => {
    h = await startIdentity({ modules: [recorder.module] });
  }, 180_000);
  afterAll(() => h?.stop());

  /** A browser signed in: its token and the actor the gateway would send for it. */
  async function browser(mail: string, userAgent: string) {
    const { session } = await h.identity.login({ email: mail, password: "password1", userAgent });
    const { sessionId, user } = await h.identity.authenticate({ token: session?.token as string });
    return {
      token: session?.token as string,
      actor: { userId: user?.id as string, admin: false, sessionId },
    };
  }
  async function account() {
    const mail = email("s");
    await h.identity.register({
      firstname: "S",
      lastname: "L",
      email: mail,
      password: "password1",
      userAgent: "",
    });
    return mail;
  }

  it("lists the caller's live sessions with their browsers, this one marked", async () => {
    const mail = await account();
    const laptop = await browser(mail, FIREFOX);
    const phone = await browser(mail, IPHONE);
    const { sessions } = await h.identity.listSessions({}, asActor(laptop.actor));
    const mine = sessions.filter((s) => s.userAgent);
    expect(mine.map((s) => [s.userAgent, s.current]).sort()).toEqual([
      [FIREFOX, true],
      [IPHONE, false],
    ]);
    expect(mine.every((s) => s.createdAt && s.lastSeenAt)).toBe(true);
    expect(sessions.find((s) => s.current)?.id).toBe(laptop.actor.sessionId);
    expect(phone.actor.sessionId).not.toBe(laptop.actor.sessionId);
  });

  it("ends another of the caller's sessions at once, announced; the ended token stops working", async () => {
    const mail = await account();
    const laptop = await browser(mail, FIREFOX);
    const phone = await browser(mail, IPHONE);
    await h.identity.endSession({ id: phone.actor.sessionId }, asActor(laptop.actor));
    expect(await codeOf(h.identity.authenticate({ token: phone.token }))).toMatch(/^Unauthenticated/);
    expect(await codeOf(h.identity.authenticate({ token: laptop.token }))).toBe("ok");
    await waitFor(
      async () => recorder.seen.find((e) => e.payload.sessionIds.includes(phone.actor.sessionId)),
      "sessions.ended for the phone",
    );
    const left = (await h.identity.listSessions({}, asActor(laptop.actor))).sessions.map((s) => s.id);
    expect(left).not.toContain(phone.actor.sessionId);
    // Ending this session is a logout.
    await h.identity.endSession({ id: laptop.actor.sessionId }, asActor(laptop.actor));
    expect(await codeOf(h.identity.authenticate({ token: laptop.token }))).toMatch(/^Unauthenticated/);
  });

  it("answers someone else's session as an unknown one, and ends nothing", async () => {
    const mine = await browser(await account(), FIREFOX);
    const theirs = await browser(await account(), IPHONE);
    expect(await codeOf(h.identity.endSession({ id: theirs.actor.sessionId }, asActor(mine.actor)))).toBe(
      "NotFound: Session not found",
    );
    expect(await codeOf(h.identity.endSession({ id: "no-such-session\u0000" }, asActor(mine.actor)))).toBe(
      "NotFound: Session not found",
    );
    expect(await codeOf(h.identity.authenticate({ token: theirs.token }))).toBe("ok");
    const listed = (await h.identity.listSessions({}, asActor(mine.actor))).sessions.map((s) => s.id);
    expect(listed).not.toContain(theirs.actor.sessionId);
  });
});
