import * as fs from "node:fs/promises";
import * as path from "node:path";
import { tempDir } from "@dirabot/platform/testing";
import { describe, expect, it } from "vitest";
import { parseCookieExport, readCookieFile } from "./cookies.ts";

const BASE = "https://www.facebook.com";

describe("the cookie file", () => {
  it("takes a Cookie-Editor / EditThisCookie export", () => {
    const text = JSON.stringify([
      {
        domain: ".facebook.com",
        expirationDate: 1798000000.123,
        hostOnly: false,
        httpOnly: true,
        name: "xs",
        path: "/",
        sameSite: "no_restriction",
        secure: true,
        session: false,
        storeId: "0",
        value: "12%3Aabc",
      },
      { domain: ".facebook.com", name: "presence", value: "x", session: true, sameSite: "unspecified" },
    ]);
    expect(parseCookieExport(text, BASE)).toEqual([
      {
        name: "xs",
        value: "12%3Aabc",
        domain: ".facebook.com",
        path: "/",
        expires: 1798000000,
        httpOnly: true,
        secure: true,
        sameSite: "None",
      },
      {
        name: "presence",
        value: "x",
        domain: ".facebook.com",
        path: "/",
        expires: -1,
        httpOnly: false,
        secure: false,
      },
    ]);
  });

  it("takes Playwright's storageState and cookies without a domain", () => {
    const text = JSON.stringify({
      cookies: [
        {
          name: "c_user",
          value: "1000",
          domain: "www.facebook.com",
          path: "/",
          expires: -1,
          sameSite: "Lax",
        },
        { name: "datr", value: "d" },
      ],
      origins: [],
    });
    expect(parseCookieExport(text, BASE)).toEqual([
      expect.objectContaining({ name: "c_user", domain: "www.facebook.com", expires: -1, sameSite: "Lax" }),
      expect.objectContaining({ name: "datr", url: BASE, expires: -1 }),
    ]);
  });

  it("refuses what is not a cookie export, with a line an operator can act on", async () => {
    expect(() => parseCookieExport("name=value; other=1", BASE)).toThrow("cookie file is not JSON");
    expect(() => parseCookieExport("[]", BASE)).toThrow("not a browser cookie export");
    expect(() => parseCookieExport('[{"value":"x"}]', BASE)).toThrow("not a browser cookie export");
    const missing = path.join(tempDir(), "none.json");
    await expect(readCookieFile(missing, BASE)).rejects.toThrow(`cookie file ${missing} is missing`);
    await fs.writeFile(missing, "[]");
    await expect(readCookieFile(missing, BASE)).rejects.toThrow("not a browser cookie export");
  });
});
