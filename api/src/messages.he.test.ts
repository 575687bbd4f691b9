import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { ERROR_MESSAGES_HE, errorMessageIn } from "./messages.he.ts";
import * as messages from "./messages.ts";

const root = join(import.meta.dirname, "../..");

/** The non-test TypeScript files under these folders. */
function sources(...dirs: string[]): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (name === "node_modules" || name === "test" || name === "gen") continue;
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith(".ts") && !name.endsWith(".test.ts") && !name.endsWith(".d.ts")) out.push(path);
    }
  };
  for (const d of dirs) walk(join(root, d));
  return out;
}

// Every package under services/ (the services, platform, and the libraries in services/lib/).
const services = ["services", "services/lib"]
  .flatMap((dir) => readdirSync(join(root, dir)).map((s) => `${dir}/${s}/src`))
  .filter((dir) => existsSync(join(root, dir)));
const strings = (o: unknown): string[] =>
  typeof o === "string" ? [o] : o && typeof o === "object" ? Object.values(o).flatMap(strings) : [];

/**
 * Messages no person reads: between services (credentials, answers that never reach a screen),
 * an operator's start-up settings, the scrapers' cookie files. They stay English.
 */
const NOT_FOR_PEOPLE = new Set([
  "A service credential is required",
  "The service credential is not valid",
  "This call needs an acting user",
  "The bots service answered without a bot",
  "The chat service answered without a chat",
  "The chat service answered without a message",
  "ADMIN_PASSWORD is needed to create the ADMIN_EMAIL account",
  "client_address is too long",
  "user_id is required",
  "telegram_chat_id must be a Telegram chat id",
  "cookie file is not JSON",
  "cookie file is not a browser cookie export (a list of cookies)",
]);

describe("the Hebrew error messages", () => {
  it("cover every message the contract keeps for people", () => {
    const missing = Object.entries(messages)
      .filter(([name]) => name.endsWith("MESSAGES") || name.endsWith("MESSAGE"))
      .flatMap(([, v]) => strings(v))
      .filter((m) => !(m in ERROR_MESSAGES_HE));
    expect(missing).toEqual([]);
  });

  it("cover every error the services and the gateway raise, and the contract's own refusals", () => {
    const found = new Map<string, string>();
    // AppError("code", "literal"), a *_ERRORS / *_MESSAGES table's texts, zod's { message|error: "…" }.
    const raised = /AppError\(\s*"[a-z_]+",\s*"((?:[^"\\]|\\.)*)"/g;
    const table = /_(?:ERRORS|MESSAGES) = \{([^}]*)\}/g;
    const zodText = /\b(?:message|error):\s*"((?:[^"\\]|\\.)*)"/g;
    const constant = /^const [A-Z_]+ = "((?:[^"\\]|\\.)*)";$/gm;
    for (const file of sources("gateway/src", "api/src", ...services)) {
      const text = readFileSync(file, "utf8");
      const where = relative(root, file);
      for (const m of text.matchAll(raised)) found.set(m[1] as string, where);
      for (const t of text.matchAll(table))
        for (const m of (t[1] as string).matchAll(/:\s*"((?:[^"\\]|\\.)*)"/g))
          found.set(m[1] as string, where);
      if (where.startsWith("api/") || where.includes("/validate"))
        for (const m of text.matchAll(zodText)) found.set(m[1] as string, where);
      for (const m of text.matchAll(constant))
        if (/(Invalid|Too many|busy)/.test(m[1] as string)) found.set(m[1] as string, where);
    }
    const missing = [...found]
      .filter(([m]) => !(m in ERROR_MESSAGES_HE) && !NOT_FOR_PEOPLE.has(m.replaceAll('\\"', '"')))
      .filter(([m]) => !(m.replaceAll('\\"', '"') in ERROR_MESSAGES_HE))
      .map(([m, where]) => `${where}: ${m}`);
    expect(missing).toEqual([]);
    expect(found.size).toBeGreaterThan(80);
  });

  it("are Hebrew, and English callers read the English as it was", () => {
    for (const [en, he] of Object.entries(ERROR_MESSAGES_HE)) {
      expect(he, en).toMatch(/[\u0590-\u05FF]/);
      expect(errorMessageIn("en", en)).toBe(en);
      expect(errorMessageIn("he", en)).toBe(he);
    }
  });

  it("carry the changing part of a message into the Hebrew", () => {
    expect(errorMessageIn("he", "Password must be at least 12 characters")).toBe(
      "הסיסמה צריכה להכיל לפחות 12 תווים",
    );
    expect(errorMessageIn("he", "Message is too long (at most 4000 characters)")).toBe(
      "ההודעה ארוכה מדי (עד 4000 תווים)",
    );
    expect(errorMessageIn("he", "Too big: expected string to have <=80 characters")).toBe(
      "ארוך מדי: עד 80 תווים",
    );
    expect(errorMessageIn("he", "Invalid input: expected boolean, received string")).toMatch(/^קלט לא תקין/);
    expect(errorMessageIn("he", "Something only a developer sees")).toBe("Something only a developer sees");
  });
});
