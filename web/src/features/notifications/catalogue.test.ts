import { describe, expect, it } from "vitest";
import enChats from "../../i18n/locales/en/chats.json";
import enNotifications from "../../i18n/locales/en/notifications.json";
import heChats from "../../i18n/locales/he/chats.json";
import heNotifications from "../../i18n/locales/he/notifications.json";

// The Hebrew catalogues of chats and notifications say everything the English ones do: a key
// English has (a plural by its base) is in Hebrew too, and Hebrew has none English lacks.

const PLURAL = /_(zero|one|two|few|many|other)$/;

function keys(tree: unknown, prefix = ""): Set<string> {
  const out = new Set<string>();
  for (const [key, value] of Object.entries(tree as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === "object") for (const k of keys(value, path)) out.add(k);
    else out.add(path.replace(PLURAL, "_plural"));
  }
  return out;
}

describe("the Hebrew catalogues", () => {
  for (const [name, en, he] of [
    ["chats", enChats, heChats],
    ["notifications", enNotifications, heNotifications],
  ] as const) {
    it(`hold every text of ${name}`, () => {
      expect([...keys(he)].sort()).toEqual([...keys(en)].sort());
    });
  }
});
