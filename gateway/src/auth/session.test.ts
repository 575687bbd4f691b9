import { create } from "@bufbuild/protobuf";
import type { Client } from "@connectrpc/connect";
import { type IdentityService, UserSchema } from "@dirabot/proto/identity/v1/identity_pb.js";
import { describe, expect, it } from "vitest";
import { SessionCache } from "./session.ts";

/** The session cache against a stand-in identity whose answers the test times. */
function identity() {
  let calls = 0;
  const pending: Array<() => void> = [];
  const fake = {
    authenticate: async ({ token }: { token: string }) => {
      calls++;
      await new Promise<void>((r) => pending.push(r));
      const [userId, sessionId] = token.split("/");
      return { user: create(UserSchema, { id: userId }), sessionId };
    },
  } as unknown as Client<typeof IdentityService>;
  const answer = async () => {
    // Each answer lets the cache go on; it may ask again, so answer until nothing waits.
    for (let i = 0; i < 5; i++) {
      for (const r of pending.splice(0)) r();
      await new Promise((r) => setTimeout(r, 1));
    }
  };
  return { fake, answer, calls: () => calls };
}

describe("the session cache", () => {
  it("drops the tokens of ended sessions at once, and only those", async () => {
    const id = identity();
    const cache = new SessionCache(id.fake, 60_000);
    const both = Promise.all([cache.session("u1/s1"), cache.session("u1/s2")]);
    await id.answer();
    await both;
    cache.end({ userId: "u1", sessionIds: ["s1"], all: false });
    const again = Promise.all([cache.session("u1/s1"), cache.session("u1/s2")]);
    await id.answer();
    const [s1, s2] = await again;
    expect(id.calls()).toBe(4); // s1 asked again (twice: its answers named an ended session), s2 still cached
    expect(s1).toBeNull(); // identity's answer named an ended session: not believed
    expect(s2?.sessionId).toBe("s2");
  });

  it("asks identity again when all of the user's sessions ended while it was answering", async () => {
    const id = identity();
    const cache = new SessionCache(id.fake, 60_000);
    const asked = cache.session("u2/s3");
    await new Promise((r) => setTimeout(r, 5));
    cache.end({ userId: "u2", sessionIds: [], all: true }); // a ban, while identity was answering
    await new Promise((r) => setTimeout(r, 5));
    await id.answer();
    // Its answer is not taken; identity is asked again (this stand-in still says yes: a session
    // opened after the ban would, and it is believed).
    expect((await asked)?.sessionId).toBe("s3");
    expect(id.calls()).toBe(2);
  });

  it("asks identity once for a token many calls bring at once", async () => {
    const id = identity();
    const cache = new SessionCache(id.fake, 60_000);
    const burst = Promise.all(Array.from({ length: 8 }, () => cache.session("u3/s4")));
    await id.answer();
    const sessions = await burst;
    expect(id.calls()).toBe(1);
    expect(new Set(sessions.map((s) => s?.sessionId))).toEqual(new Set(["s4"]));
  });
});
