import { HE, L, normalize, PREFIX, RH, re } from "./text.ts";

/** What renters filter on, as a post states it: true, false (it says not) or absent (unknown). */
export interface PostFacts {
  safeRoom?: boolean;
  parking?: boolean;
  elevator?: boolean;
  balcony?: boolean;
  furnished?: boolean;
  pets?: boolean;
  airConditioning?: boolean;
  accessible?: boolean;
}

const W = "(?![A-Za-z])"; // the end of an English word
const EN = "(?<![A-Za-z])"; // the start of one

/**
 * Each fact's words, Hebrew (with the one-letter prefixes that glue on: "וחניה", "במרפסת") and
 * English. Alternations of fixed words only: no nested or overlapping quantifiers, so every
 * pattern runs in linear time on any input.
 */
const WORDS: Record<keyof PostFacts, string> = {
  safeRoom: `${L}${PREFIX}(?:ממ"ד|ממד|מרחב\\s מוגן)${RH}|${EN}(?:safe\\s?room|mamad|protected\\s room)${W}`,
  parking: `${L}${PREFIX}(?:חניה|חנייה|חניית|חנית|חניות)${RH}|${EN}parking${W}`,
  elevator: `${L}${PREFIX}(?:מעלית|מעליות)${RH}|${EN}(?:elevator|lift)${W}`,
  balcony: `${L}${PREFIX}(?:מרפסת|מרפסות|מרפסונת)${RH}|${EN}(?:balcony|balconies|terrace)${W}`,
  furnished: `${L}${PREFIX}(?:מרוהטת|מרוהט|מרוהטים|ריהוט)${RH}|${EN}(?:unfurnished|furnished|furniture)${W}`,
  pets: `${L}${PREFIX}(?:חיות\\s מחמד|בעלי\\s חיים|בע"ח|חיות)${RH}|${EN}(?:pets?|pet-friendly|dogs?|cats?)${W}`,
  airConditioning: `${L}${PREFIX}(?:מזגן|מזגנים|מיזוג|ממוזגת|ממוזג)${RH}|${EN}(?:air\\s?condition(?:ing|er|ers|ed)?|a\\/c)${W}`,
  accessible: `${L}${PREFIX}(?:נגישה|נגיש|נגישות)${RH}|${EN}(?:accessible|wheelchair)${W}`,
};
const PATTERNS = Object.entries(WORDS).map(
  ([k, v]) => [k as keyof PostFacts, re(v.replaceAll("\\s ", "\\s"), "giu")] as const,
);

/** A word that says "not" just before the fact: "ללא מעלית", "אין חניה", "no parking", "not furnished". */
const NOT_BEFORE = re(
  `(?:${L}(?:ללא|בלי|אין|לא|אסור|אסורות|אסורים)|${EN}(?:no|without|not|non))[\\s-]?(?:[${HE}A-Za-z]{1,6}\\s)?$`,
  "iu",
);
/** …or just after it, as a label's answer or a rule: "חניה: אין", "חיות מחמד - לא", "pets: no", "pets not allowed". */
const NOT_AFTER = re(
  `^(?:\\s{0,2}[:-]\\s{0,2}(?:(?:אין|לא|ללא|אסור|אסורות)${RH}|(?:no|not|none)${W})|\\s(?:not\\sallowed|לא\\s(?:מותר|מותרות|מותרים|מתאים|מתאימה)))`,
  "iu",
);

/**
 * The facts a post states. A fact mentioned with a negation ("ללא מעלית", "no pets") is false,
 * and a negation anywhere wins over a mention elsewhere (a must-have is never granted on doubt);
 * a fact not mentioned stays absent: unknown, never false.
 */
export function postFacts(text: string): PostFacts {
  const s = normalize(text);
  const out: PostFacts = {};
  for (const [fact, pattern] of PATTERNS) {
    for (const m of s.matchAll(pattern)) {
      const before = s.slice(Math.max(0, m.index - 16), m.index);
      const after = s.slice(m.index + m[0].length, m.index + m[0].length + 12);
      const negated =
        NOT_BEFORE.test(before) || NOT_AFTER.test(after) || m[0].toLowerCase().startsWith("unf");
      out[fact] = negated ? false : (out[fact] ?? true);
      if (negated) break;
    }
  }
  return out;
}
