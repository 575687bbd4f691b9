import { ERROR_MESSAGES_HE } from "@dirabot/api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Person, startApi } from "../../test/api-harness.ts";

/**
 * The account's language (docs/PRODUCT.md, Languages): `locale` on GET /api/users/me and PATCH
 * /api/users/{id}, a new account's taken from the browser, and error messages in the caller's
 * language with the same code.
 */
let api: Awaited<ReturnType<typeof startApi>>;
let dana: Person;
let eli: Person;

beforeAll(async () => {
  api = await startApi("locale");
  [dana, eli] = await Promise.all([api.register("Dana"), api.register("Eli")]);
});
afterAll(async () => {
  await api?.stop();
});

const me = async (who: Person) => (await api.call("GET", "/api/users/me", { token: who.token })).body.user;
const patch = (who: Person, body: unknown) =>
  api.call("PATCH", `/api/users/${who.id}`, { token: who.token, body });

describe("the account's language", () => {
  it("is English for a browser that does not ask for Hebrew", async () => {
    expect((await me(dana)).locale).toBe("en");
  });

  it("is Hebrew for an account opened from a Hebrew browser", async () => {
    const email = `noa-${Date.now()}@example.com`;
    const r = await api.call("POST", "/api/auth/register", {
      body: { firstname: "נועה", lastname: "לוי", email, password: "secret1" },
      headers: { "accept-language": "he-IL,he;q=0.9,en-US;q=0.8" },
    });
    expect(r.status).toBe(201);
    expect(r.body.user.locale).toBe("he");
    expect((await api.call("GET", "/api/users/me", { token: r.body.token })).body.user.locale).toBe("he");
    const en = await api.call("POST", "/api/auth/register", {
      body: { firstname: "Tom", lastname: "B", email: `tom-${Date.now()}@example.com`, password: "secret1" },
      headers: { "accept-language": "fr-FR,fr;q=0.9" },
    });
    expect(en.body.user.locale).toBe("en");
  });

  it("is kept when the user changes it, with every other field", async () => {
    const r = await patch(eli, { locale: "he" });
    expect(r.status).toBe(200);
    expect(r.body.user).toMatchObject({ firstname: "Eli", locale: "he" });
    await patch(eli, { firstname: "Eli K" });
    expect(await me(eli)).toMatchObject({ firstname: "Eli K", locale: "he" });
    // The validate answer (the SPA's start) carries it too.
    const v = await api.call("POST", "/api/auth/validate", { body: { token: eli.token } });
    expect(v.body.user.locale).toBe("he");
  });

  it("refuses a language we do not speak with a clear message, changing nothing", async () => {
    const r = await patch(dana, { locale: "fr" });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({
      message: "Language must be en (English) or he (Hebrew)",
      code: "invalid_argument",
    });
    expect((await me(dana)).locale).toBe("en");
  });
});

describe("error messages", () => {
  it("are Hebrew for a Hebrew account, with the same code", async () => {
    const he = await patch(eli, { locale: "fr" });
    expect(he.status).toBe(400);
    expect(he.body).toEqual({
      message: "השפה יכולה להיות en (אנגלית) או he (עברית) בלבד",
      code: "invalid_argument",
    });
    const notFound = await api.call("GET", "/api/requests/00000000-0000-4000-8000-000000000000", {
      token: eli.token,
    });
    const en = await api.call("GET", "/api/requests/00000000-0000-4000-8000-000000000000", {
      token: dana.token,
    });
    expect(notFound.status).toBe(en.status);
    expect(notFound.body.code).toBe(en.body.code);
    expect(notFound.body.message).toBe(ERROR_MESSAGES_HE[en.body.message]);
  });

  it("follow the account, not the browser, once signed in; the browser's before", async () => {
    const byAccount = await api.call("PATCH", `/api/users/${dana.id}`, {
      token: dana.token,
      body: { avatar: "99" },
      headers: { "accept-language": "he-IL" },
    });
    expect(byAccount.body).toEqual({
      message: "Avatar must be one of the 25 presets",
      code: "invalid_argument",
    });
    const signedOut = await api.call("POST", "/api/auth/login", {
      body: { email: "nobody@example.com", password: "whatever1" },
      headers: { "accept-language": "he-IL" },
    });
    expect(signedOut.body).toEqual({ message: "האימייל או הסיסמה שגויים", code: "unauthenticated" });
    const validation = await api.call("POST", "/api/auth/login", {
      body: { email: "", password: "x" },
      headers: { "accept-language": "he" },
    });
    expect(validation.body).toEqual({ message: "יש להזין כתובת אימייל", code: "invalid_argument" });
    const guard = await api.call("GET", "/api/users/me", { headers: { "accept-language": "he" } });
    expect(guard.body).toEqual({ message: "יש להתחבר", code: "unauthenticated" });
  });

  it("follow a change of language at once", async () => {
    await patch(dana, { locale: "he" });
    const r = await patch(dana, { avatar: "99" });
    expect(r.body).toEqual({ message: "יש לבחור אחת מ־25 הדמויות המוכנות", code: "invalid_argument" });
    await patch(dana, { locale: "en" });
    expect((await patch(dana, { avatar: "99" })).body.message).toBe("Avatar must be one of the 25 presets");
  });
});
