import { QUIET_HOURS_MESSAGES } from "@dirabot/api/messages.ts";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { i18n } from "../../i18n/index.ts";
import en from "../../i18n/locales/en/users.json";
import he from "../../i18n/locales/he/users.json";
import { isolate, textDir } from "./bidi.ts";
import { deviceName } from "./device.ts";
import { quietHoursError, quietHoursSummary } from "./notify.ts";
import { formatDate, providerLabel } from "./table.ts";
import { testUser } from "./testUser.ts";
import { UsersTable } from "./UsersTable.tsx";

// The users screens in Hebrew: the helpers' texts, the admin table, and a catalogue as full as
// the English one.

/** Every key of a catalogue, plural forms folded to their base ("selected_one" → "selected"). */
function keys(tree: object, prefix = ""): Set<string> {
  const out = new Set<string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = `${prefix}${k.replace(/_(zero|one|two|few|many|other)$/, "")}`;
    if (v && typeof v === "object") for (const sub of keys(v, `${key}.`)) out.add(sub);
    else out.add(key);
  }
  return out;
}

describe("the users catalogue", () => {
  it("has every English key in Hebrew", () => {
    const hebrew = keys(he);
    expect([...keys(en)].filter((k) => !hebrew.has(k))).toEqual([]);
  });

  it("says the quiet-hours refusals in English exactly as the server does", () => {
    expect(en.notify.errors).toEqual(QUIET_HOURS_MESSAGES);
  });
});

it("isolates names in plain-text labels; a name field follows its text, an empty one the page", () => {
  expect(isolate("Dana Levi")).toBe("\u2068Dana Levi\u2069");
  expect(textDir("דנה")).toBe("auto");
  expect(textDir("  ")).toBeUndefined();
});

describe("the users screens in Hebrew", () => {
  beforeEach(async () => {
    await i18n.changeLanguage("he");
  });
  afterEach(async () => {
    await i18n.changeLanguage("en");
  });

  it("names devices and local accounts in Hebrew, brands as they are", () => {
    expect(
      deviceName(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Version/18.0 Mobile/15E148 Safari/604.1",
      ),
    ).toBe("Safari ב־iPhone");
    expect(deviceName("curl/8.5.0")).toBe("מכשיר לא מזוהה");
    expect(providerLabel(testUser({ oauthProvider: "none" }))).toBe("מקומי");
  });

  it("describes quiet hours and their refusals in Hebrew", () => {
    expect(quietHoursSummary("23:00", "07:00")).toBe(
      "התאמות שיימצאו בין 23:00 ל־07:00 (במהלך הלילה) יישמרו וישלחו יחד ב־07:00, שעון ישראל.",
    );
    expect(quietHoursError({ telegramMatches: false, quiet: true, from: "23:00", to: "23:00" })).toBe(
      "השעות השקטות צריכות להתחיל ולהסתיים בשעות שונות",
    );
  });

  it("draws the admin table in Hebrew, each name and address isolated", () => {
    const rows = [
      testUser({
        _id: "a",
        firstname: "דנה",
        lastname: "Levi",
        email: "dana@example.com",
        roles: ["user", "admin"],
        createdAt: "2026-03-05T10:00:00Z",
      }),
      testUser({ _id: "b", firstname: "Omer", lastname: "K", isBanned: true, oauthProvider: "google" }),
    ];
    const html = renderToStaticMarkup(
      <UsersTable
        rows={rows}
        sort={{ key: "fullname", dir: "asc" }}
        onSort={() => undefined}
        selected={new Set()}
        onSelect={() => undefined}
        onEdit={() => undefined}
        onDelete={() => undefined}
      />,
    );
    for (const text of ["שם", "אימייל", "תפקידים", "סטטוס", "ספק התחברות", "נוצר", "משתמש", "מנהל"])
      expect(html).toContain(`>${text}<`);
    expect(html).toContain(">פעיל<");
    expect(html).toContain(">חסום<");
    expect(html).toContain("<bdi>דנה Levi</bdi>");
    expect(html).toContain('<bdi class="');
    expect(html).toContain(">Google<");
    expect(html).toContain(`>${formatDate("2026-03-05T10:00:00Z")}<`);
    expect(formatDate("2026-03-05T10:00:00Z")).toBe("5.3.2026");
    expect(html).toContain('aria-label="פעולות עבור \u2068Omer K\u2069"');
  });
});
