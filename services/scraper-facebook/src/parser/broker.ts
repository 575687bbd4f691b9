/**
 * Broker or private.
 * - false when the post says so (`ללא תיווך`, `בלי תיווך`, `לא מתיווך`, `אין דמי תיווך`,
 *   `מפרטי`, `no broker`): it wins over a stray positive.
 * - true for `תיווך`, `מתיווך`, `דמי תיווך`, `מתווך`, `broker(age)` or an agency signature
 *   (`Real Estate`, `נדל"ן`, `X נכסים`, `RE/MAX`, a licence or listing number, `בבלעדיות`).
 *   A tenant who once took the flat "through a broker" does not make the post a broker's.
 * - false, too, when the poster is plainly a private person: a flatmate looking for a
 *   flatmate (a room in a shared flat), a private sublet written in the first person, an
 *   outgoing tenant (`מפנים את הדירה`, `להיכנס לחוזה שלנו`, `בעל הדירה מקסים`), a member of
 *   the owner's family (`הדירה של אמא שלי`).
 * - null when neither is clear (a business's short let, an owner who says nothing).
 */
import { inSharedFlat, type Kind } from "./kind.ts";
import { HE, L, re } from "./text.ts";

const PRIVATE = re(
  `${L}(?:ללא|בלי|לא|אין|וללא|ובלי|ואין)\\s*(?:דמי\\s*)?(?:מ|ה)?(?:תיווך|תיוך|תייוך|תווך|מתווכ(?:ים|ת)?|מתווך)(?:\\s*\\/\\s*מתווכים)?|${L}מפרטי(?![${HE}])|${L}(?:מ|ישירות\\s*מ)(?:ה)?בעלים(?![${HE}])|no\\s*(?:broker|agent|agency|realtor)s?|without\\s*(?:a\\s*)?(?:broker|agent)|no\\s*(?:broker(?:age)?\\s*)?fees?`,
  "giu",
);
const BROKER = re(
  `(?:תיווך|תיוך|תייוך|${L}מתווך|${L}מתווכת)(?![${HE}])|${L}דמי\\s*תיווך|broker(?:age)?|realtor|real\\s*estate|realty|re\\/?max|רי\\/?מקס|רימקס|נדל"ן(?!\\s*(?:שלי|שלך))|${L}[${HE}]+\\s+נכסים(?![${HE}])(?!\\s*נוספ)|מס(?:'|פר)?\\s*רישיון|רישיון\\s*תיווך|מספר\\s*נכס|PFN\\s*#|RN\\s*#|בלעדי(?:ות|ת)?(?![${HE}])|_נכסים|exclusive(?!ly)|agency|(?<![A-Za-z])agent(?![A-Za-z])|anglo\\s*saxon|אנגלו\\s*סכסון|ronkin|רונקין|century\\s*21|coldwell|קולדוול`,
  "giu",
);

/** "We took it through a broker": the tenant's history, not who posts. */
const TOOK_THROUGH = re(
  `(?:נכנס(?:נו|תי)|לקח(?:נו|תי)|שכר(?:נו|תי)|מצא(?:נו|תי))[^\\n.]{0,24}(?:דרך|עם|ב)\\s*(?:ה)?(?:תיווך|מתווך|מתווכת)`,
  "gu",
);
/** The poster is leaving the flat, or speaks of its owner as someone else. */
const OUTGOING = re(
  [
    `${L}(?:אנחנו\\s+|אני\\s+)?(?:מפנים|מפנה|עוזבים|עוזבת|עוזב)\\s+(?:את\\s+)?(?:ה)?(?:דירה|דירת|סטודיו|חדר)`,
    `${L}(?:ה)?(?:דירה|סטודיו)\\s+(?:ה[${HE}]+\\s+)?שלנו(?![${HE}])`,
    `(?:ל|ב)?חוזה\\s+(?:שלנו|שלי)|להיכנס\\s+(?:לחוזה|במקומ)|כניסה\\s+לחוזה|מחליפ(?:ה|ים)?\\s+לחוזה|(?:ה)?חוזה\\s+(?:שלנו|שלי)\\s+נגמר`,
    `בעל(?:ת|י)?\\s+(?:ה)?(?:דירה|בית|הבית)\\s+(?:הם\\s+|היא\\s+|הוא\\s+)?(?:מאוד\\s+)?(?:מקסימ|מדהימ|נחמד|נוח|חמוד|מעולה|מעולים|מושלמ|הוגנ|אדיב|זמינ|מתחשב|מהממ)`,
    `(?:אמא|אבא|סבתא|סבא|דודה|דוד)\\s+שלי\\s+(?:משכיר|מפנה)|(?:של|שבבעלות)\\s+(?:אמא|אבא|סבתא|סבא|ההורים)\\s+שלי`,
    `our\\s+(?:apartment|flat|lease)|my\\s+(?:apartment|flat|lease)|take\\s+over\\s+(?:our|my|the)\\s+lease`,
  ].join("|"),
  "iu",
);
/** A short let run as a business: a website, bookings, guests. */
const BUSINESS =
  /https?:\/\/|www\.|\.co(?:m)?(?:\/|\s|$)|הזמינו|הזמנה|special\s+(?:rate|deal|offer)|best\s+deal|getaway|אורחים|guests?|book(?:ing)?\b|hostel|הוסטל|מלון|hotel|החל\s+מ-?\s*\d{3,}(?![./]\d)/i;
const FIRST_PERSON = re(
  `${L}(?:אני|אנחנו|שלי|שלנו|מסבלט(?:ת|ים)?|החדר\\s+שלי)(?![${HE}])|(?<![A-Za-z])(?:I|my|our|we)(?![A-Za-z])`,
  "u",
);

export function extractBroker(text: string, kind?: Kind): boolean | null {
  if (PRIVATE.test(text)) {
    PRIVATE.lastIndex = 0;
    return false;
  }
  PRIVATE.lastIndex = 0;
  const history = text.replace(TOOK_THROUGH, (m) => " ".repeat(m.length));
  const positive = BROKER.test(history);
  BROKER.lastIndex = 0;
  if (positive) return true;
  if (kind === "room") return false;
  if (kind === "sublet") {
    // A short let run as a business says "our studio" too: neither private nor a broker.
    if (BUSINESS.test(text)) return null;
    if (inSharedFlat(text) || FIRST_PERSON.test(text)) return false;
  }
  if (OUTGOING.test(text)) return false;
  return null;
}
