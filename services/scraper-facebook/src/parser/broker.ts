/**
 * Broker or private. `ללא תיווך`, `בלי תיווך`, `לא תיווך`, `לא מתיווך`, `אין דמי תיווך`,
 * `מפרטי`, `no broker` → false (a private post says so explicitly, and it wins over a
 * stray positive). `תיווך`, `מתיווך`, `דמי תיווך`, `מתווך`, `broker(age)`, an agency
 * signature (`Real Estate`, `נדל"ן`, `X נכסים`, `RE/MAX`, a licence or listing number,
 * `בבלעדיות`) → true. Nothing said → null.
 */
import { HE, L, re } from "./text.ts";

const PRIVATE = re(
  `${L}(?:ללא|בלי|לא|אין|וללא|ובלי|ואין)\\s*(?:דמי\\s*)?(?:מ|ה)?(?:תיווך|תיוך|תייוך|תווך|מתווכ(?:ים|ת)?|מתווך)(?:\\s*\\/\\s*מתווכים)?|${L}מפרטי(?![${HE}])|${L}(?:מ|ישירות\\s*מ)(?:ה)?בעלים(?![${HE}])|no\\s*(?:broker|agent|agency|realtor)s?|without\\s*(?:a\\s*)?(?:broker|agent)|no\\s*(?:broker(?:age)?\\s*)?fees?`,
  "giu",
);
const BROKER = re(
  `(?:תיווך|תיוך|תייוך|${L}מתווך|${L}מתווכת)(?![${HE}])|${L}דמי\\s*תיווך|broker(?:age)?|realtor|real\\s*estate|realty|re\\/?max|רי\\/?מקס|רימקס|נדל"ן(?!\\s*(?:שלי|שלך))|${L}[${HE}]+\\s+נכסים(?![${HE}])(?!\\s*נוספ)|מס(?:'|פר)?\\s*רישיון|רישיון\\s*תיווך|מספר\\s*נכס|PFN\\s*#|RN\\s*#|בלעדי(?:ות|ת)?(?![${HE}])|_נכסים|exclusive|agency|(?<![A-Za-z])agent(?![A-Za-z])|anglo\\s*saxon|אנגלו\\s*סכסון|ronkin|רונקין|century\\s*21|coldwell|קולדוול`,
  "giu",
);

export function extractBroker(text: string): boolean | null {
  if (PRIVATE.test(text)) {
    PRIVATE.lastIndex = 0;
    return false;
  }
  PRIVATE.lastIndex = 0;
  const positive = BROKER.test(text);
  BROKER.lastIndex = 0;
  return positive ? true : null;
}
