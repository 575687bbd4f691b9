import { createServer } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { i18n } from "../../i18n/index.ts";
import { browserAgainst } from "../../lib/stubBrowser.ts";
import { followAccount, saveAccountLang } from "./language.ts";
import type { User } from "./types.ts";

// A choice kept on the account, against a real HTTP server answering as the gateway does; and
// the account's language followed once its answer is in.

const storage = new Map<string, string>();
const calls: Array<{ method: string; url: string; body: string; lang: string }> = [];
let answer: { status: number; body: string } = { status: 200, body: "{}" };
const server = createServer((req, res) => {
  let body = "";
  req.on("data", (chunk) => {
    body += chunk;
  });
  req.on("end", () => {
    calls.push({
      method: req.method ?? "",
      url: req.url ?? "",
      body,
      lang: String(req.headers["accept-language"]),
    });
    res.writeHead(answer.status, { "content-type": "application/json" });
    res.end(answer.body);
  });
});
browserAgainst(server, storage, calls);
afterEach(() => i18n.changeLanguage("en"));

const dana = { _id: "u 1", firstname: "Dana", lastname: "Levi", email: "dana@example.com" } as User;

describe("the account's language", () => {
  it("is saved with PATCH /api/users/{id} {locale}, the answer's user kept", async () => {
    answer = { status: 200, body: JSON.stringify({ user: { ...dana, firstname: "Dana L", locale: "he" } }) };
    const saved = await saveAccountLang(dana, "he");
    expect(calls).toEqual([
      { method: "PATCH", url: "/api/users/u%201", body: '{"locale":"he"}', lang: "en" },
    ]);
    expect(saved).toMatchObject({ firstname: "Dana L", locale: "he" });
  });

  it("is the chosen one even when the answer leaves `locale` out", async () => {
    answer = { status: 200, body: JSON.stringify({ user: dana }) };
    expect(await saveAccountLang(dana, "he")).toMatchObject({ _id: "u 1", locale: "he" });
  });

  it("fails as the API's refusal when the server will not keep it", async () => {
    answer = { status: 400, body: '{"message":"locale must be en or he","code":"invalid_body"}' };
    await expect(saveAccountLang(dana, "he")).rejects.toMatchObject({ status: 400, code: "invalid_body" });
  });

  it("is followed when the session's answer carries it, and asked for in it from then on", async () => {
    await followAccount({ ...dana, locale: "he" } as User);
    expect(i18n.language).toBe("he");
    answer = { status: 200, body: "{}" };
    await saveAccountLang(dana, "he");
    expect(calls.at(-1)?.lang).toBe("he");
    await followAccount(dana);
    expect(i18n.language).toBe("he");
  });
});
