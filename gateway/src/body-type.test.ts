import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAuthApi } from "../test/auth-harness.ts";

type Api = Awaited<ReturnType<typeof startAuthApi>>;

/**
 * Login CSRF: a page elsewhere can make a browser post a form (text/plain, urlencoded, multipart)
 * to our origin without asking, never application/json. A JSON route that took such a body would
 * sign the visitor into an account of the attacker's choosing.
 */
describe("a JSON route given a body that is not application/json", () => {
  let api: Api;
  let who: { email: string; password: string };
  beforeAll(async () => {
    api = await startAuthApi();
    who = await api.register("Forged");
  }, 120_000);
  afterAll(async () => api?.stop());

  const post = (path: string, type: string, body: string) =>
    fetch(`${api.base}${path}`, { method: "POST", headers: { "content-type": type }, body });

  it("answers 415 and signs no one in, whatever else the body says", async () => {
    const json = JSON.stringify({ email: who.email, password: who.password });
    for (const type of [
      "text/plain",
      "text/plain;charset=UTF-8",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
    ]) {
      const res = await post("/api/auth/login", type, json);
      expect(res.status, type).toBe(415);
      expect(await res.json()).toEqual({
        message: "Request body must be sent as application/json",
        code: "unsupported_media_type",
      });
      expect(res.headers.get("set-cookie"), type).toBeNull();
    }
    // Registration is refused the same way: no account is made.
    const stranger = { firstname: "Eve", lastname: "X", email: api.email("eve"), password: "secret1" };
    expect((await post("/api/auth/register", "text/plain", JSON.stringify(stranger))).status).toBe(415);
    expect((await api.login(stranger)).status).toBe(401);
  });

  it("takes application/json with its parameters, and a route called without a body", async () => {
    const json = JSON.stringify({ email: who.email, password: who.password });
    const res = await post("/api/auth/login", "application/json; charset=utf-8", json);
    expect(res.status).toBe(200);
    const { token } = (await res.json()) as { token: string };
    const logout = await fetch(`${api.base}/api/auth/logout`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(logout.status).toBe(200);
  });
});
