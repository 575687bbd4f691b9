import { i18n } from "../../i18n/index.ts";

// A User-Agent as the profile names a device: "Chrome on Windows", "Safari on iPhone". Only the
// browser and the system; versions and the rest say nothing to the person reading the list.

const BROWSERS: Array<[RegExp, string]> = [
  [/Edg(e|A|iOS)?\//, "Edge"],
  [/OPR\/|Opera/, "Opera"],
  [/SamsungBrowser\//, "Samsung Internet"],
  [/Firefox\/|FxiOS\//, "Firefox"],
  [/Chrome\/|CriOS\/|Chromium\//, "Chrome"],
  [/Safari\//, "Safari"],
];

const SYSTEMS: Array<[RegExp, string]> = [
  [/iPhone/, "iPhone"],
  [/iPad/, "iPad"],
  [/Android/, "Android"],
  [/CrOS/, "ChromeOS"],
  [/Windows/, "Windows"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/Linux/, "Linux"],
];

const first = (ua: string, table: Array<[RegExp, string]>) => table.find(([re]) => re.test(ua))?.[1];

/** The browser and system of a User-Agent; "Unknown device" when it names neither. */
export function deviceName(ua: string): string {
  const browser = first(ua, BROWSERS);
  const system = first(ua, SYSTEMS);
  if (browser && system) return i18n.t("users:device.named", { browser, system });
  return browser ?? system ?? i18n.t("users:device.unknown");
}
