import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Json, type Person, startApi } from "../test/api-harness.ts";
import { drawnHtml, stylesOf } from "./pages.ts";

// My Bots drawn by the gateway for the session cookie's visitor, through real HTTP: gateway →
// identity and bots → the database. The web build's Node module is made by `npm run build`, which
// the unit tests do not run: a stand-in drawing the seed as a list takes its place here (the real
// one is driven in a browser by web/e2e/drawn-bots.spec.ts).

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <script>/* start script */</script>
    <link rel="stylesheet" crossorigin href="/assets/index-a1.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;
/** The build's page for drawn screens (web scripts/critical-css.ts): stylesheets after the markup. */
const SHELL = `<!doctype html>
<html lang="en">
  <head>
    <script>/* start script */</script>
  <!--critical-css-->
  </head>
  <body>
    <div id="root"></div>
  <link rel="stylesheet" crossorigin href="/assets/index-a1.css">
  </body>
</html>`;
/** Each built stylesheet's rules with the classes they need (web src/lib/critical.ts). */
const CRITICAL = {
  linked: ["assets/index-a1.css"],
  rules: {
    "assets/index-a1.css": [
      [[], [[]], ":root{--gap:4px}"],
      [[], [["bots"]], ".bots{margin:0}"],
      [[], [["slider"]], ".slider{height:4px}"],
    ],
    "assets/MainLayout-b2.css": [[["@media (min-width:1200px)"], [["bots"]], ".bots{margin:8px}"]],
  },
};

const PAGES = `
export const SEED_ID = "drawn-seed";
const esc = (s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");
export function criticalCss(rules, markup) {
  return rules.filter(([, needs]) => needs.some((n) => n.every((c) => markup.includes('class="' + c + '"'))))
    .map(([at, , css]) => at.reduce((inner, a) => a + "{" + inner + "}", css)).join("");
}
export function drawnLang(seed, fallback) {
  return seed.user.locale === "he" || seed.user.locale === "en" ? seed.user.locale : fallback;
}
export async function drawSignedIn(page, seed, lang) {
  if (page !== "/bots") return null;
  return "<h1>" + esc(seed.user.firstname) + (lang === "he" ? " · הבוטים" : "'s bots") + "</h1>" + '<ul class="bots">' +
    seed.bots.map((b) => "<li>" + esc(b.botName) + "</li>").join("") + "</ul>";
}
`;

let api: Awaited<ReturnType<typeof startApi>>;
let dana: Person;
let eli: Person;

beforeAll(async () => {
  const dist = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "dirabot-pages-")), "dist");
  fs.mkdirSync(dist);
  fs.mkdirSync(`${dist}-server`);
  fs.writeFileSync(path.join(dist, "index.html"), INDEX);
  fs.writeFileSync(path.join(`${dist}-server`, "shell.html"), SHELL);
  fs.writeFileSync(path.join(`${dist}-server`, "critical.json"), JSON.stringify(CRITICAL));
  fs.writeFileSync(
    path.join(dist, "route-styles.json"),
    JSON.stringify({ "/bots": ["assets/MainLayout-b2.css", "../secrets.css"] }),
  );
  fs.writeFileSync(path.join(`${dist}-server`, "pages.mjs"), PAGES);
  api = await startApi("pages", { webDist: dist });
  [dana, eli] = await Promise.all([api.register("Dana"), api.register("Eli")]);
  for (const [who, name] of [
    [dana, "Florentin"],
    [dana, "Old North </script><script>alert(1)</script>"],
    [eli, "Eli's Jaffa"],
  ] as const) {
    const r = await api.call("POST", "/api/requests/website-create", {
      token: who.token,
      body: { botName: name },
    });
    expect(r.status).toBe(201);
  }
});
afterAll(async () => api?.stop());

const page = (url: string, token?: string, headers: Record<string, string> = {}) =>
  fetch(`${api.base}${url}`, {
    headers: token
      ? { ...headers, cookie: [`dirabot_token_v3=${token}`, headers.cookie].filter(Boolean).join("; ") }
      : headers,
  });

/** The JSON the page carries, as the app reads it. */
function seedOf(html: string): Json {
  const m = /<script type="application\/json" id="drawn-seed">(.*?)<\/script>/s.exec(html);
  if (!m?.[1]) throw new Error("the page carries no seed");
  return JSON.parse(m[1]) as Json;
}

describe("My Bots drawn for the visitor", () => {
  it("carries the visitor's own bots and user, as their first calls would have answered", async () => {
    const res = await page("/bots", dana.token);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const html = await res.text();
    expect(html).toContain("<html data-drawn");
    expect(html).toContain("<h1>Dana's bots</h1>");
    expect(html).toContain("<li>Florentin</li>");
    // The rules its markup needs, inline, in the stylesheets' order; none it does not need.
    expect(html).toContain(
      "<style>:root{--gap:4px}.bots{margin:0}@media (min-width:1200px){.bots{margin:8px}}</style>",
    );
    expect(html).not.toContain("Jaffa");
    const [me, list] = await Promise.all([
      api.call("GET", "/api/users/me", { token: dana.token }),
      api.call("GET", "/api/requests", { token: dana.token }),
    ]);
    expect(seedOf(html)).toEqual({ user: me.body.user, bots: list.body });
  });

  it("is never kept by a cache, nor given to another visitor", async () => {
    const res = await page("/bots", dana.token);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.get("vary")).toMatch(/\bCookie\b/);
    expect(res.headers.get("content-security-policy")).toContain("script-src 'self'");
    const other = await (await page("/bots", eli.token)).text();
    expect(other).toContain("<li>Eli's Jaffa</li>");
    expect(other).not.toContain("Florentin");
  });

  it("links its stylesheets after the markup, the screen's after the shell's, none outside the build's assets", async () => {
    const html = await (await page("/bots", dana.token)).text();
    const tail = html.slice(html.indexOf('<script type="application/json"'));
    expect(tail).toContain(
      '<link rel="stylesheet" crossorigin href="/assets/index-a1.css">\n  <link rel="stylesheet" crossorigin href="/assets/MainLayout-b2.css"></body>',
    );
    expect(html.slice(0, html.indexOf("</head>"))).not.toContain("<link");
    expect(html).not.toContain("secrets.css");
  });

  it("lets no text in the answers close the seed or open a script", async () => {
    const html = await (await page("/bots", dana.token)).text();
    expect(html).not.toContain("<script>alert(1)");
    expect(html.match(/<script/g)).toHaveLength(2); // the start script and the seed
    expect(seedOf(html).bots.map((b: Json) => b.botName)).toContain(
      "Old North </script><script>alert(1)</script>",
    );
  });

  it("sends the page without markup to a visitor with no session, a bad one, or a ban", async () => {
    const r = await api.call("PATCH", `/api/users/${eli.id}`, {
      token: (await api.signInAdmin()).token,
      body: { isBanned: true, bannedReason: "Spam" },
    });
    expect(r.status).toBe(200);
    for (const token of [undefined, "not-a-session", eli.token]) {
      const res = await page("/bots", token);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe(INDEX);
    }
  });

  it("is drawn in the account's language over the visitor's, with <html lang dir>", async () => {
    const noa = await api.register("Noa");
    // Registered from an English browser: English, whatever this visit's header says.
    const english = await page("/bots", noa.token, { "accept-language": "he-IL,he;q=0.9" });
    expect(english.headers.get("vary")).toMatch(/\bAccept-Language\b/);
    const englishHtml = await english.text();
    expect(englishHtml).toContain('<html data-drawn lang="en" dir="ltr">');
    expect(englishHtml).toContain("<h1>Noa's bots</h1>");
    const me = await api.call("GET", "/api/users/me", { token: noa.token });
    const id = me.body.user._id as string;
    const set = await api.call("PATCH", `/api/users/${id}`, { token: noa.token, body: { locale: "he" } });
    expect(set.status).toBe(200);
    const hebrew = await (
      await page("/bots", noa.token, { "accept-language": "en", cookie: "lang=en" })
    ).text();
    expect(hebrew).toContain('<html data-drawn lang="he" dir="rtl">');
    expect(hebrew).toContain("<h1>Noa · הבוטים</h1>");
  });

  it("draws only the screens it has answers for", async () => {
    for (const url of ["/properties", "/bots/", "/chats"]) {
      expect(await (await page(url, dana.token)).text()).toBe(INDEX);
    }
  });
});

describe("drawnHtml", () => {
  it("puts the markup in #root, the seed after it, the rules in the head, the stylesheets before </body>", () => {
    const html = drawnHtml(SHELL, "<p>hi</p>", "drawn-seed", { a: "<b>" }, ["assets/x.css"], "p{x:1}");
    expect(html).toContain('<div id="root" data-drawn><p>hi</p></div>');
    expect(html).toContain('<script type="application/json" id="drawn-seed">{"a":"\\u003cb>"}</script>');
    expect(html).toContain("<style>p{x:1}</style>\n  </head>");
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/x.css"></body>');
  });

  it("takes a markup's $ patterns literally, and no rule closes its style element", () => {
    expect(drawnHtml(SHELL, "<p>$&$'</p>", "s", {})).toContain("<p>$&$'</p>");
    expect(drawnHtml(SHELL, "", "s", {}, [], 'a{content:"</style><script>"}')).not.toContain(
      "</style><script>",
    );
  });
});

describe("stylesOf", () => {
  it("reads a path's stylesheets, keeping only the build's assets", () => {
    const list = JSON.stringify({ "/bots": ["assets/a-1.css", "/etc/passwd", "assets/b.js", 3] });
    expect(stylesOf(list, "/bots")).toEqual(["assets/a-1.css"]);
    expect(stylesOf(list, "/chats")).toEqual([]);
    expect(stylesOf("not json", "/bots")).toEqual([]);
    expect(stylesOf(null, "/bots")).toEqual([]);
  });
});
