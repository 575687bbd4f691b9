/**
 * What the post offers. In order:
 * 1. not an offer: a sale (`למכירה` at the top, `for sale`, `מחיר שיווק`, a price in the
 *    hundreds of thousands), a swap (`להחלפה`: the flat is only for someone who gives one
 *    back), a service or product ad, a seeker (`מחפש/ת דירה`, `looking for an apartment`)
 *    unless an offer came first in the text, or no sign of an offer at all (chatter);
 * 2. `sublet`: `סאבלט`/`סבלט`/`sublet`, or a nightly rate (hotels and short lets);
 * 3. `room`: a room in a shared flat (`מתפנה חדר`, `חדר בדירת שותפים`, `מחפשים שותף/ה`,
 *    `roommate`), but not a whole flat "suitable for partners" (`מתאימה לשותפים`);
 * 4. otherwise `apartment`.
 */
import { HE, L, re } from "./text.ts";

export type Kind = "apartment" | "room" | "sublet" | "not_offer";

const SALE_TOP = re(`(?<![${HE}A-Za-z0-9_])(?:ל|ה)?מכירה(?![${HE}])|for\\s*sale|продается|продаю`, "iu");
const SALE_ANY =
  /for\s*sale|מחיר\s*שיווק|marketing\s*price|(?:דירה|דירת|פנטהאוז|פנטהאוס|נכס|מגרש|בית)[^\n.]{0,25}למכירה|מוכר(?:ים|ת)?\s+את\s+הדירה|מחיר\s+הדירה\s*:/i;
/** Renting out something that is not a home: a parking space, storage, an office, a shop. */
const NOT_A_HOME =
  /(?:^|\n)[^\n\w\u05D0-\u05EA]*(?:חניה|חנייה|מחסן|משרד|חנות|קליניקה)\s+(?:ל|ב)?השכרה|להשכרה\s+(?:חניה|חנייה|מחסן|משרד|חנות|מקום\s+חניה)(?![\u05D0-\u05EA])|(?:parking|storage|office)\s+(?:space\s+)?for\s+rent/i;
/** Selling an item (furniture, a car): a seller word and no rental word. */
const SELLING = re(`${L}(?:מוכר|מוכרת|מוכרים|נמכר|נמכרת)(?![${HE}])(?!\\s+את\\s+הדירה)`, "u");
const RENTAL_WORD = /להשכרה|השכרה|שכירות|שכ"ד|שכד|סאבלט|סבלט|שותפ|for\s*rent|sublet/i;
/**
 * A swap written as two headings, "מציעים:" … "מחפשים:", without the word להחלפה. What may
 * precede the word stays on its line (`[^\w\n]*`): a `\W*` ran on across every following line
 * from each line start (quadratic), and finds nothing a one-line prefix does not.
 */
const OFFERED_HEADING = /(?:^|\n)[^\w\n]*מציע(?:ים|ה|ות)?[^\S\n]*(?:[-:–][^\S\n]*)?(?:\n|$)/;
const WANTED_HEADING = /(?:^|\n)[^\w\n]*מחפש(?:ים|ת|ות)?[^\S\n]*(?:[-:–][^\S\n]*)?(?:\n|$)/;
const SWAP = /להחלפה|החלפה\s*בלבד|החלפת\s*דירות|for\s*swap|apartment\s*swap/i;
const SERVICE =
  /הובלות|הובלה|הובלת|להובלת|(?<![א-ת])(?:ה)?מוביל(?:ים)?(?![א-ת])|שירותי\s*אריזה|דרושים|דרוש\s*נהג|קליניקה|טיפולי|לק\s*ג'ל|השקעות\s*ב|השקעה\s*בנדל|משכנתא|aliexpress|עליאקספרס|מגנים\s*ל|טיסה|טס\s+ל|כרטיסים|פוליגרף|الزيت/i;
const SEEKER = re(
  `${L}(?:אני\\s+|אנחנו\\s+)?(?:מחפש|מחפשת|מחפשים|מחפשות|מחפש\\/ת|מחפש\\.ת)\\s+(?:[${HE}]+\\s+)?(?:דירה|דירת(?!\\s*(?:ה)?שותפים\\s+שיכנס)|סטודיו|סאבלט|סבלט|יחידת|חדר|להיכנס|להכנס|לשכור|מקום\\s+ל|בית|דיור)|looking\\s+for\\s+(?:[\\w-]+\\s+){0,3}?(?:apartment|flat|room(?!mate)|place\\s+to|studio|sublet|home)|ищу\\s+(?:квартиру|комнату)`,
  "iu",
);
const OFFER = re(
  `להשכרה|${L}השכרה(?![${HE}])|מרא(?:ה|ים|ות)\\s+(?:את\\s+הדירה|היום|מחר)|${L}(?:מ|ה)?שכיר(?:ה|ים)?(?![${HE}])|מתפנה|מתפנית|מתפנים|${L}מפנ(?:ה|ים|ות)(?![${HE}])|מסבלט|סאבלט|סבלט|מעביר(?:ה|ים)?\\s+את|עוזב(?:ת|ים|ות)?\\s+(?:את\\s+)?(?:ה)?דירה|מציע(?:ה|ים)?(?![${HE}])|for\\s*rent|sublet|FOR\\s*RENT|сда[её]тся|сдаю|(?:מחפש|דרוש)(?:ת|ה|ים|ות)?(?:[\\/.](?:ת|ה|ים|ות))?[\\s*"']+(?:את\\s+)?(?:ה)?[*"']?(?:שותף|שותפה|שותפ|מחליף|מחליפ|roommate)|looking\\s+for\\s+(?:a\\s+)?(?:third\\s+|new\\s+)?roommate`,
  "iu",
);
const SUBLET = re(
  `סאבלט|סבלט|סאבלוט|sublet|sub-let|(?<!\\d)[1-6]\\s*months?\\s*(?:contract|lease)|${L}ללילה|${L}לילות|per\\s*night|a\\s*night|\\/\\s*night|(?<![A-Za-z\\d])(?:\\d{1,2}|two|three|four|five)\\s+nights(?![A-Za-z])|hostel|הוסטל|השהייה\\s+שלכם|לשהייה|short\\s*stay|vacation\\s*rental|(?<!כמו[^\\n]{0,12})${L}(?:ב|ה)?מלון(?![${HE}])|hotel|סוויטות|${L}לשבועיים`,
  "iu",
);
const SUBLET_WORD =
  /סאבלט|סבלט|sublet|(?<![א-ת])(?:ללילה|לילות)(?![א-ת])|per\s*night|hostel|השהייה\s+שלכם|לשהייה|short\s*stay|vacation\s*rental/i;
const ROOM = re(
  [
    `(?:מחפש|דרוש)(?:ת|ה|ים|ות)?(?:[\\/.](?:ת|ה|ים|ות))?[\\s*"']+(?:את\\s+)?(?:ה)?[*"']?(?:שותף|שותפה|שותפ|שותפים|שותפות)`,
    `комнат[уаы]\\s+в|сда[юё]т?\\s+комнат`,
    `${L}(?:ה)?חדר(?![${HE}])[^\\n.]{0,30}?(?:ב|ב-)?דירת\\s*(?:\\d\\s*|שני\\s*|שלושה\\s*|ארבעה\\s*)?(?:שותפ|חדרים)`,
    `${L}(?:ה)?חדר(?![${HE}])\\s+(?:[${HE}]+\\s+){0,2}(?:ב|ב-)דיר(?:ה|ת)(?![${HE}])`,
    `(?:מתפנה|מתפנית|מפנה|מפנים|משכיר|משכירה|מציעה|מציע)\\s+(?:את\\s+)?(?:ה)?חדר(?![${HE}])`,
    `${L}(?:ב|ל)?דירת\\s*(?:(?:\\d|שני|שתי|שלושה|ארבעה)\\s*)?שותפ(?:ים|ות)`,
    `(?<!דירת\\s)${L}חדר\\s+להשכרה`,
    `השותפ(?:ה)?\\s+(?:ש)?נשאר|נשאר(?:ים|ות|ת)?\\s+(?:בדירה\\s+)?(?:\\d\\s*|שני\\s*|שתי\\s*|עוד\\s*)?שות[פף]`,
    `(?:שני|שלושה|\\d)\\s+חדרים\\s+(?:פנויים\\s+)?בדירה(?![${HE}])`,
    `(?:ב)?דירה\\s+משותפת|shared\\s+(?:apartment|flat)|דייר(?:\\/ת|ת|\\/ה)?\\s+לחדר`,
    `(?:looking\\s+for|seeking|need)\\s+(?:a\\s+)?(?:new\\s+|third\\s+|2nd\\s+|second\\s+)?roommate|roommate\\s+wanted|room\\s+(?:for\\s+rent|in\\s+(?:a|an|the)\\s+)|Room\\s+Only`,
  ].join("|"),
  "iu",
);

/** A room in a shared flat is offered (also a room sublet). */
export function inSharedFlat(text: string): boolean {
  return ROOM.test(text);
}

export interface KindInput {
  text: string;
  hasPrice: boolean;
  hasRooms: boolean;
  listingType: string | null;
  largestAmount: number;
}

export function classify(input: KindInput): Kind {
  const { text } = input;
  const top = text.slice(0, 120);
  if (SALE_TOP.test(top) || SALE_ANY.test(text) || input.largestAmount >= 400_000) return "not_offer";
  if (SWAP.test(text) || SERVICE.test(text) || NOT_A_HOME.test(text)) return "not_offer";
  if (OFFERED_HEADING.test(text) && WANTED_HEADING.test(text)) return "not_offer";
  if (SELLING.test(top) && !RENTAL_WORD.test(text)) return "not_offer";
  const seeker = SEEKER.exec(text);
  // "מחפש/ת דירה? ..." is a rhetorical opener of an offer, not a seeker.
  if (seeker && /^[^\n]{0,12}\?/.test(text.slice(seeker.index + seeker[0].length)))
    return classifyOffer(input);
  const offer = OFFER.exec(text);
  if (seeker && (!offer || seeker.index < offer.index)) return "not_offer";
  return classifyOffer(input, offer !== null || ROOM.test(text) || SUBLET_WORD.test(text));
}

/** A story told to the group ("I wanted to share…"), not an offer, when nothing is let. */
const STORY = /(?:רוצה|רציתי|רוצים|רצינו)\s+לשתף|לשתף\s+(?:אתכם\s+)?(?:את\s+)?(?:ה)?סיפור/;
const LETTING = /להשכרה|שכ"ד|סאבלט|סבלט|מתפנ|for\s*rent|sublet/i;

/** A question to the group ("מה המחיר הסביר…?"), not an offer, when no offer word is used. */
const QUESTION = /\?/;
const ASKING =
  /שאלה|המלצה|ממליצ|יש\s+למישהו|מה\s+(?:ה)?מחיר|כמה\s+(?:עולה|משלמים|זה)|האם|מישהו\s+(?:יודע|מכיר)|מה\s+דעתכם|does\s+anyone|anyone\s+know|what\s+(?:is|'s)/i;

function classifyOffer(input: KindInput, offered = true): Kind {
  const { text } = input;
  if (!offered && QUESTION.test(text) && ASKING.test(text)) return "not_offer";
  if (STORY.test(text) && !LETTING.test(text)) return "not_offer";
  const listed =
    input.listingType !== null && /apartment|condo|house|room|townhouse|loft/i.test(input.listingType);
  if (!offered && !input.hasPrice && !input.hasRooms && !listed) return "not_offer";
  if (SUBLET.test(text)) return "sublet";
  if (ROOM.test(text) || /room\s*only/i.test(input.listingType ?? "")) return "room";
  return "apartment";
}
