import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { i18n } from "../../i18n/index.ts";
import en from "../../i18n/locales/en/admin.json";
import he from "../../i18n/locales/he/admin.json";
import { offlineTitle, returnedStatus, statusFromAnswer } from "./dashboard/status.ts";
import { checkedTime, newSubtitle, statsError, usersSubtitle } from "./dashboard/texts.ts";
import type { SourceFigures } from "./monitoring/api.ts";
import { BlockedTimeline } from "./monitoring/BlockedTimeline.tsx";
import { FiguresTable } from "./monitoring/FiguresTable.tsx";
import { delay, deliveries, period } from "./monitoring/texts.ts";

// The admin dashboard and source figures in Hebrew: counts, delays and clocks, the figures table,
// and a catalogue as full as the English one.

function keys(tree: object, prefix = ""): Set<string> {
  const out = new Set<string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = `${prefix}${k.replace(/_(zero|one|two|few|many|other)$/, "")}`;
    if (v && typeof v === "object") for (const sub of keys(v, `${key}.`)) out.add(sub);
    else out.add(key);
  }
  return out;
}

it("the admin catalogue has every English key in Hebrew", () => {
  const hebrew = keys(he);
  expect([...keys(en)].filter((k) => !hebrew.has(k))).toEqual([]);
});

const totals = {
  runs: 1234,
  failedRuns: 2,
  seen: 5000,
  new: 12,
  updated: 3,
  capSplits: 1,
  capped: 0,
  removed: 0,
};

describe("the admin screens in Hebrew", () => {
  beforeEach(async () => {
    await i18n.changeLanguage("he");
  });
  afterEach(async () => {
    await i18n.changeLanguage("en");
  });

  it("word the count cards with grouped numbers", () => {
    expect(usersSubtitle(1234, 2)).toBe("1,234 חסומים · 2 חדשים היום");
    expect(newSubtitle(5)).toBe("5 חדשים ביממה האחרונה");
    expect(statsError("boom")).toBe("טעינת נתוני לוח הבקרה נכשלה");
    expect(checkedTime(new Date(2026, 10, 25, 21, 7, 3))).toBe("21:07:03");
  });

  it("say a service's state in Hebrew", () => {
    expect(offlineTitle("פייסבוק")).toBe("השירות פייסבוק לא פעיל");
    expect(returnedStatus(503)).toBe("השירות החזיר סטטוס: 503");
    expect(statusFromAnswer(null, new Date())).toMatchObject({ message: "ההתחברות לשירות נכשלה" });
  });

  it("say delays, periods and deliveries in Hebrew, with Hebrew plurals", () => {
    expect(delay(42)).toBe("42 שנ׳");
    expect(delay(432)).toBe("7 דק׳ 12 שנ׳");
    expect(delay(3900)).toBe("1 שע׳ 5 דק׳");
    expect(deliveries(1)).toBe("מסירה אחת");
    expect(deliveries(2)).toBe("שתי מסירות");
    expect(deliveries(1500)).toBe("1,500 מסירות");
    const from = Date.parse("2026-11-25T06:30:00Z");
    expect(period(from, null, "Asia/Jerusalem")).toBe("08:30 – עכשיו");
  });

  it("draw a source's figures table and blocked periods in Hebrew", () => {
    const source = {
      name: "yad2-scraper",
      title: "Yad2 scraper",
      lastHour: totals,
      lastDay: totals,
    } as unknown as SourceFigures;
    const table = renderToStaticMarkup(<FiguresTable source={source} />);
    expect(table).toContain('aria-label="נתוני הסורק של יד2"');
    for (const text of [
      "השעה האחרונה",
      "היממה האחרונה",
      "מודעות שנסרקו",
      "ריצות",
      "5,000",
      "1,234 (2 נכשלו)",
    ])
      expect(table).toContain(`>${text}<`);

    const now = Date.parse("2026-11-25T12:00:00Z");
    const blocked = [{ from: new Date(now - 3_600_000).toISOString(), to: null, reason: "Radware captcha" }];
    const timeline = renderToStaticMarkup(<BlockedTimeline periods={blocked} now={now} />);
    expect(timeline).toContain('aria-label="תקופת חסימה אחת ב־24 השעות האחרונות"');
    expect(timeline).toContain(">עכשיו<");
    expect(timeline).toContain('dir="auto">Radware captcha<');
    expect(timeline).toContain("\u2068Radware captcha\u2069");
  });
});
