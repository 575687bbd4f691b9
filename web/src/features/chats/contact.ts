import { telHref, whatsAppHref } from "@dirabot/platform/contact";
import { formatPrice, formatRelative } from "../../i18n/format.ts";
import { i18n, isLang, type Lang } from "../../i18n/index.ts";
import { joinPlaces, placeNames } from "../../lib/places.ts";
import type { Asset } from "./types.ts";

// What an asset card says about reaching the flat: who advertises it, when it was posted and
// found, and the call and WhatsApp links with a greeting in the reader's language.

const tIn = (lang: Lang, key: string, values: Record<string, unknown> = {}) =>
  i18n.t(`chats:asset.${key}`, { lng: lang, ...values });

/** "Private", "Broker", "Broker · Remax"; null when the source did not say. */
export function advertiserText(asset: Pick<Asset, "merchant" | "agency">, lang: Lang): string | null {
  if (asset.merchant === null) return null;
  if (!asset.merchant) return tIn(lang, "private");
  const agency = asset.agency?.trim();
  return agency ? tIn(lang, "brokerOf", { agency }) : tIn(lang, "broker");
}

/** "Posted 3 minutes ago", "Found by Dirabot 1 minute ago": the source's time, then ours. */
export function timesText(asset: Pick<Asset, "postedAt" | "createdAt">, lang: Lang, now = new Date()) {
  const posted = formatRelative(asset.postedAt, now, lang);
  const found = formatRelative(asset.createdAt, now, lang);
  return {
    posted: posted ? tIn(lang, "posted", { ago: posted }) : null,
    found: found ? tIn(lang, "found", { ago: found }) : null,
  };
}

/** The flat as a greeting names it: "Vital, Florentin" (the street and neighbourhood), else the city. */
export function greetingPlace(asset: Pick<Asset, "street" | "neighborhood" | "city">): string {
  const street = asset.street?.trim() ?? "";
  const hood = joinPlaces(placeNames(asset.neighborhood));
  const where = [street, hood].filter(Boolean).join(", ");
  return where || joinPlaces(placeNames(asset.city));
}

/** "Hi, I saw your flat at Vital, Florentin for ₪6,500 on Dirabot. Is it still available?" */
export function greeting(
  asset: Pick<Asset, "street" | "neighborhood" | "city" | "price">,
  lang: Lang,
): string {
  const place = greetingPlace(asset);
  const price = asset.price !== null ? formatPrice(asset.price, lang) : "";
  const form = place && price ? "full" : place ? "place" : price ? "price" : "plain";
  return tIn(lang, `greeting.${form}`, { place, price });
}

export interface ContactLinks {
  tel: string | null;
  whatsApp: string | null;
}

/** The card's call and WhatsApp links; both null when the phone is missing or not a number. */
export function contactLinks(asset: Asset, lang: string): ContactLinks {
  const reader = isLang(lang) ? lang : "en";
  return {
    tel: telHref(asset.phoneNumber),
    whatsApp: whatsAppHref(asset.phoneNumber, greeting(asset, reader)),
  };
}
