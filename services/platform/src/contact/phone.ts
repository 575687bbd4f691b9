// A listing's phone as links a person taps: the call (`tel:`) and WhatsApp (`wa.me`). Shared by
// the SPA's chat cards and the Telegram matches, so both read a number the same way. Israeli
// numbers are written many ways ("050-1234567", "+972 50-123-4567", "972501234567"); anything
// that is not a whole number gets no button rather than a wrong call.

export interface Phone {
  /** E.164 without the plus: "972501234567". */
  digits: string;
  /** An Israeli mobile (05x), the numbers WhatsApp lives on; a landline gets a call button only. */
  mobile: boolean;
}

/** The number a listing's phone text names, or null when it names none. */
export function parsePhone(raw: string | null | undefined): Phone | null {
  const text = (raw ?? "").trim();
  // Only what numbers are written with: digits, spaces, dashes, dots, brackets, one leading plus.
  if (!text || !/^\+?[\d\s\-.()]+$/.test(text)) return null;
  const digits = text.replace(/\D/g, "");
  const international = text.startsWith("+") || digits.startsWith("972");
  let national: string;
  if (digits.startsWith("972")) national = digits.slice(3).replace(/^0/, "");
  else if (international) {
    // Another country's number, kept as written: E.164 allows 8 to 15 digits.
    return digits.length >= 8 && digits.length <= 15 ? { digits, mobile: true } : null;
  } else if (digits.startsWith("0")) national = digits.slice(1);
  else return null;
  // Israel: 5x / 7x + 7 digits (mobile, VoIP), or an area code 2, 3, 4, 8, 9 + 7 digits.
  const mobile = /^5\d{8}$/.test(national);
  if (!mobile && !/^7\d{8}$/.test(national) && !/^[23489]\d{7}$/.test(national)) return null;
  return { digits: `972${national}`, mobile };
}

/**
 * An Israeli number as written at home, digits only ("0501234567"): the form a listing keeps
 * and duplicates are found by; null for anything else.
 */
export function localPhone(raw: string | null | undefined): string | null {
  const phone = parsePhone(raw);
  return phone?.digits.startsWith("972") ? `0${phone.digits.slice(3)}` : null;
}

/** "tel:+972501234567", or null. */
export function telHref(raw: string | null | undefined): string | null {
  const phone = parsePhone(raw);
  return phone ? `tel:+${phone.digits}` : null;
}

/** "https://wa.me/972501234567?text=…" for a mobile, or null. */
export function whatsAppHref(raw: string | null | undefined, text = ""): string | null {
  const phone = parsePhone(raw);
  if (!phone?.mobile) return null;
  return `https://wa.me/${phone.digits}${text ? `?text=${encodeURIComponent(text)}` : ""}`;
}
