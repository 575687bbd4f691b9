import { localPhone } from "@dirabot/platform/contact";

/**
 * Phone numbers, normalised to local digits: `0521234567` (mobile, 10 digits),
 * `031234567` (landline, 9 digits), `0771234567` (VoIP, 10 digits). `+972`, `972` and
 * `+9720` become a leading `0`; spaces, dashes and dots are dropped. A mobile number is
 * preferred over a landline when a post gives both; the first one in the text wins.
 */
export interface PhoneMatch {
  phone: string;
  start: number;
  end: number;
}

// A run of digits and separators starting with 0 or an international prefix. The match starts
// at `+`, `972` or `0`, never in the whitespace before them: a `\s*` that could start anywhere
// rescanned a whole run of spaces from each of its positions (quadratic on a long post).
const CANDIDATE = /(?<![\d+])(?:(?:\+\s*)?972[\s\-.]*\(?0?\)?|0)(?:[\s\-.]{0,2}\d){8,9}(?!\d)/g;

export function findPhones(text: string): PhoneMatch[] {
  const out: PhoneMatch[] = [];
  for (const m of text.matchAll(CANDIDATE)) {
    const phone = localPhone(m[0]);
    if (phone) out.push({ phone, start: m.index, end: m.index + m[0].length });
  }
  return out;
}

export function extractPhone(text: string): string | null {
  const phones = findPhones(text);
  const mobile = phones.find((p) => p.phone.startsWith("05"));
  return (mobile ?? phones[0])?.phone ?? null;
}
