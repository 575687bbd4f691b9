import type { Locale } from "../i18n/locale.ts";

// The WhatsApp message a renter starts with, naming the flat ("Vital, Florentin" and its price), so
// the advertiser knows which of their flats is meant. The SPA's card says the same through its
// catalogues (chats: asset.greeting).

export function flatGreeting(locale: Locale, place: string, price: string): string {
  if (locale === "he") {
    const what = [place, price].filter(Boolean).join(", ");
    return `שלום, ראיתי ב־Dirabot את הדירה שלך${what ? ` (${what})` : ""}. היא עדיין פנויה?`;
  }
  return `Hi, I saw your flat${place ? ` at ${place}` : ""}${price ? ` for ${price}` : ""} on Dirabot. Is it still available?`;
}
