import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAuthApi } from "../../test/auth-harness.ts";
import { handOver } from "./hand-over.ts";

/**
 * What login, register and Google sign-in wrap their answer in: a session opened by the real
 * identity service, then an answer that fails (forced by the test) or goes out.
 */
describe("handing over a new session", () => {
  let api: Awaited<ReturnType<typeof startAuthApi>>;
  beforeAll(async () => {
    api = await startAuthApi();
  });
  afterAll(() => api?.stop());

  const validates = async (token: string) =>
    (await api.call("POST", "/api/auth/validate", { body: { token } })).status;

  it("ends the session when the answer fails, and the answer's error is the one reported", async () => {
    const who = await api.register("Broken");
    const { session } = await api.identity.login({ email: who.email, password: who.password });
    const token = session?.token ?? "";
    await expect(
      handOver(api.identity, token, () => {
        throw new Error("the answer could not be written");
      }),
    ).rejects.toThrow("the answer could not be written");
    expect(await validates(token)).toBe(401);
  });

  it("leaves the session live when the answer goes out", async () => {
    const who = await api.register("Fine");
    const { session } = await api.identity.login({ email: who.email, password: who.password });
    const token = session?.token ?? "";
    let answered = false;
    await handOver(api.identity, token, async () => {
      answered = true;
    });
    expect(answered).toBe(true);
    expect(await validates(token)).toBe(200);
  });
});
