import * as fs from "node:fs/promises";
import { AppError } from "@dirabot/platform";
import * as z from "zod";

/** A cookie as Playwright's `BrowserContext.addCookies` takes it. */
export interface BrowserCookie {
  name: string;
  value: string;
  domain?: string;
  path?: string;
  url?: string;
  expires?: number;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: "Strict" | "Lax" | "None";
}

// The shapes people export: Cookie-Editor / EditThisCookie (expirationDate, sameSite
// "no_restriction"/"unspecified"), Playwright's storageState ({cookies}, expires, "Lax"), and
// DevTools-style dumps. Unknown keys (hostOnly, storeId, session, id…) are ignored.
const cookieSchema = z.object({
  name: z.string().min(1),
  value: z.string(),
  domain: z.string().min(1).optional(),
  path: z.string().min(1).optional(),
  expires: z.number().optional(),
  expirationDate: z.number().optional(),
  httpOnly: z.boolean().optional(),
  secure: z.boolean().optional(),
  session: z.boolean().optional(),
  sameSite: z.string().nullable().optional(),
});
const exportSchema = z.union([
  z.array(cookieSchema).min(1),
  z.object({ cookies: z.array(cookieSchema).min(1) }).transform((o) => o.cookies),
]);

function sameSiteOf(raw: string | null | undefined): BrowserCookie["sameSite"] {
  switch ((raw ?? "").toLowerCase()) {
    case "strict":
      return "Strict";
    case "none":
    case "no_restriction":
      return "None";
    case "lax":
      return "Lax";
    default:
      return undefined; // "unspecified": the browser's default
  }
}

/** Turns a cookie export (text) into browser cookies; `baseUrl` scopes cookies without a domain. */
export function parseCookieExport(text: string, baseUrl: string): BrowserCookie[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new AppError("invalid_argument", "cookie file is not JSON");
  }
  const parsed = exportSchema.safeParse(json);
  if (!parsed.success)
    throw new AppError("invalid_argument", "cookie file is not a browser cookie export (a list of cookies)");
  return parsed.data.map((c) => {
    const expiry = c.session ? undefined : (c.expirationDate ?? c.expires);
    const sameSite = sameSiteOf(c.sameSite);
    const cookie: BrowserCookie = {
      name: c.name,
      value: c.value,
      httpOnly: c.httpOnly ?? false,
      // Chromium drops a SameSite=None cookie that is not Secure.
      secure: (c.secure ?? false) || sameSite === "None",
      expires: expiry !== undefined && expiry > 0 ? Math.floor(expiry) : -1,
    };
    if (sameSite) cookie.sameSite = sameSite;
    if (c.domain) {
      cookie.domain = c.domain;
      cookie.path = c.path ?? "/";
    } else cookie.url = baseUrl;
    return cookie;
  });
}

export interface CookieFile {
  cookies: BrowserCookie[];
  /** The file's modification time (ms): a new export is how an operator renews the session. */
  mtimeMs: number;
}

/** Reads the cookie file; a missing or malformed file is an AppError with a line an operator can act on. */
export async function readCookieFile(path: string, baseUrl: string): Promise<CookieFile> {
  const mtimeMs = await cookieFileMtime(path);
  if (mtimeMs === undefined) throw new AppError("failed_precondition", `cookie file ${path} is missing`);
  const text = await fs.readFile(path, "utf8");
  return { cookies: parseCookieExport(text, baseUrl), mtimeMs };
}

/** The cookie file's mtime, or undefined when it is not there (cheap: checked every interval). */
export async function cookieFileMtime(path: string): Promise<number | undefined> {
  try {
    return (await fs.stat(path)).mtimeMs;
  } catch {
    return undefined;
  }
}
