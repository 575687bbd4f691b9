/**
 * Street names, from two sources:
 * - the gazetteer of Tel Aviv-Yafo, Ramat Gan and Givatayim that `npm run geo` writes
 *   (`@dirabot/geography`, `streetRecords`): every street it lists, in every spelling
 *   it gives, tells where a name after a street word ends (`ברחוב אבא הלל סילבר 12`), and its
 *   English names give the Hebrew one (`on Balfour` → `בלפור`);
 * - the well-known streets below, as posts write them after normalisation (`'` for geresh):
 *   only these are taken without a street word (`בבוגרשוב פינת בן יהודה`, `הירקון 124`),
 *   since a rarer name is too often also a word. Kept by hand: extend it when posts show more.
 * A street is given as the post writes it (a variant spelling is not rewritten).
 */
import { streetRecords } from "@dirabot/geography";

const NAMES = `
אבן גבירול|אלנבי|אלנבי=אלנבי|דיזנגוף|דיזינגוף=דיזנגוף|בן יהודה|הירקון|הרברט סמואל|רוטשילד|שדרות רוטשילד=רוטשילד
קינג ג'ורג'|קינג ג'ורג=קינג ג'ורג'|קינג גורג'=קינג ג'ורג'|קינג גורג=קינג ג'ורג'|המלך ג'ורג'=קינג ג'ורג'
ארלוזורוב|ארלוזרוב=ארלוזורוב|נורדאו|שדרות נורדאו=נורדאו|פרישמן|גורדון|בוגרשוב|שינקין|שנקין=שינקין|מונטיפיורי|לילינבלום
נחלת בנימין|יהודה הלוי|הרצל|אחד העם|מזא"ה|בלפור|ביאליק|טשרניחובסקי|טרומפלדור|הכרמל|הנביאים|מאפו|זמנהוף|פינסקר
בזל|באזל=בזל|ז'בוטינסקי|זבוטינסקי=ז'בוטינסקי|ויצמן|וייצמן=ויצמן|פנקס|יהודה המכבי|נמיר|דרך נמיר|ארבר|אונקלוס
ירמיהו|ישעיהו|דוד ילין|שלומציון המלכה|מרים החשמונאית|החשמונאים|קרליבך|לינקולן|מנחם בגין|דרך מנחם בגין|דרך בגין
ההגנה|דרך ההגנה|השלום|דרך השלום|יגאל אלון|דרך יפו|שלמה|דרך שלמה|הרכבת
פלורנטין|וושינגטון|שדרות וושינגטון=וושינגטון|אברבנאל|הרצל|ויטל|העלייה|העליה|הקישון|פרנקל|ידידה פרנקל|צ'לנוב|מטלון|לבונטין|ברזילי
לוינסקי|זבולון|נווה שאנן|אילת|הכובשים|נחמני|גוטליב|קורולנקו|אהרונוביץ|מלצ'ט|בלוך|צייטלין|קפלן|לאונרדו דה וינצ'י
שאול המלך|אבא הלל סילבר|בארי|בן סרוק|ז'ורז' וייז|איינשטיין|חיים לבנון|ברודצקי|טאגור|קהילת קנדה|שדרות ירושלים|יפת
יהודה הימית|הדולפין|שבזי|אחד העם|נחמה|לואי מרשל|מרמורק|ביל"ו|בילו|בית אורן|פייבל|אייגר עקיבא|עקיבא אייגר|ראש פינה
מעפילי אגוז|משה דיין|דרך הטייסים|הטייסים|עודד|עזרא הסופר|בן עטר|אלחריזי|סירקין|אבולעפיה|גולומב|תשרי|רופין|עיינות
מקווה ישראל|קלישר|התבור|מוהליבר|חברון|סלמה|דרך בן צבי|בן צבי|דה פיגוטו|הקליר|הירשנברג|מרכולת|באר יעקב|ורמייזה|יריחו
שם הגדולים|רחמיאלי|המקצוע|בן דוסא|צריפין|פאירברג|איזיק שטרן|יד המעביר|צביה לובטקין|כפר גלעדי|אהלי יעקב|מזרחי
ישראליס|לסל|קצנלסון|דובנוב|חובבי ציון|ליליינבלום|אנגל|בצלאל יפה|הרב קוק|עמק ברכה|הנרייטה סולד|בן גוריון|שדרות בן גוריון=שדרות בן גוריון
סר ג'ון מונש|מנוחה|ירושלים|דב הוז|ברנר|בר כוכבא|גאולה|הס|שלמה המלך|אוסישקין|תל חי|מאנה|יהושע בן נון|עולי ציון|רזיאל|קיבוץ גלויות|לה גווארדיה|רידינג|בני אפרים|משה סנה|דה האז|וולפסון|גרוזנברג|יצחק שדה|המסגר|דוד המלך|אנטוקולסקי|שמריהו לוין|שוקן|פרוג|סוטין|נחמיה|אחוזת בית|שפינוזה|עליית הנוער|הא באייר|בורוכוב|ז'ורז' וייז|בן אביגדור|הנרייטה סולד|המלך ג'ורג'=קינג ג'ורג'|ביאליק|ז'בוטינסקי|הרא"ה|ביאליק|אבא הלל|כצנלסון|סוקולוב|ארלוזורוב|ויצמן|היצירה
`;

/** Spelling as written → canonical street name. */
export const STREETS: Map<string, string> = new Map();
for (const entry of NAMES.split(/[|\n]/)) {
  const e = entry.trim();
  if (!e || /[a-z]/i.test(e)) continue;
  const [spelling, canonical] = e.split("=");
  if (spelling) STREETS.set(spelling, canonical ?? spelling);
}

/** Longest spellings first, so `בן יהודה` wins over a shorter overlapping name. */
export const STREET_SPELLINGS: string[] = [...STREETS.keys()].sort((a, b) => b.length - a.length);

/** Every spelling of the gazetteer and the list above, longest first: what may follow a street word. */
export const ALL_SPELLINGS: string[] = [
  ...new Set([...STREET_SPELLINGS, ...streetRecords().flatMap((r) => [r.name, ...(r.spellings ?? [])])]),
].sort((a, b) => b.length - a.length);

/** An English name reduced to its letters, with and without the article `ha`. */
const englishKey = (s: string) => s.toLowerCase().replace(/[^a-z]/g, "");
const ENGLISH = new Map<string, string | null>();
function addEnglish(key: string, name: string): void {
  // A key two different streets share (in two cities) says nothing sure.
  if (!ENGLISH.has(key)) ENGLISH.set(key, name);
  else if (ENGLISH.get(key) !== name) ENGLISH.set(key, null);
}
// Tel Aviv's names first: a name the three cities share is the same Hebrew name anyway.
for (const r of streetRecords()) {
  for (const e of r.english ?? []) {
    const key = englishKey(e);
    addEnglish(key, r.name);
    if (key.startsWith("ha") && key.length > 5) addEnglish(key.slice(2), r.name);
  }
}

/** The Hebrew name of a street written in English (`Ibn Gabirol`, `HaYarkon`), if the gazetteer knows it. */
export function hebrewStreet(english: string): string | null {
  const key = englishKey(english.replace(/\s+(?:st(?:reet)?|blvd|boulevard|ave(?:nue)?|rd|road)\.?$/i, ""));
  return ENGLISH.get(key) ?? ENGLISH.get(`ha${key}`) ?? null;
}

/**
 * Names every Israeli city has a street of (Herzl, Bialik, Weizmann …): they do not say
 * the flat is in Tel Aviv. The other known streets do, for posts in Tel Aviv groups.
 */
const EVERYWHERE = new Set(
  `דרך השלום|דרך בגין|בורוכוב|גאולה|הס|שלמה המלך|דוד המלך|תל חי|דרך מנחם בגין|דרך ההגנה|הרצל|ביאליק|ויצמן|ז'בוטינסקי|ארלוזורוב|סוקולוב|כצנלסון|בן גוריון|שדרות בן גוריון|רוטשילד|אחד העם|בלפור|טרומפלדור|הנביאים|יהודה הלוי|ירושלים|שדרות ירושלים|העלייה|העליה|ההגנה|השלום|הרכבת|היצירה|מנחם בגין|בן צבי|דרך בן צבי|יגאל אלון|משה דיין|הרב קוק|ביל"ו|בילו|חברון|סלמה|עודד|שלמה|דרך שלמה|יפת|הכרמל`.split(
    "|",
  ),
);

export function isTelAvivStreet(name: string): boolean {
  return STREETS.has(name) && !EVERYWHERE.has(name) && !EVERYWHERE.has(STREETS.get(name) ?? "");
}
