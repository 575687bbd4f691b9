/**
 * How posts name neighbourhoods → the official neighbourhood name (the Yad2 / municipal
 * name, before any comma) and its city. `landmark` entries are places inside one
 * neighbourhood (a square, a market, a tower project); they decide a neighbourhood only
 * when no neighbourhood is named and the post puts the flat at or near them, never
 * "5 minutes from" them. Long streets (דיזנגוף, אבן גבירול, אלנבי, בן יהודה …) are not
 * here on purpose: they cross several neighbourhoods.
 * Each line: spellings separated by `|` → official name ; city ; landmark?
 */
const TABLE = `
פלורנטין|פלורנטיין|פלרונטין|florentin|florentine|florontin|флорентин → פלורנטין ; תל אביב
נווה צדק|נוה צדק|נווצ|neve tzedek|neve tsedek|neve zedek|нев[еэ] цедек → נווה צדק ; תל אביב
כרם התימנים|כרם התמנים|הכרם|בכרם|kerem hateimanim|kerem hatemanim|yemenite quarter|the kerem → כרם התימנים ; תל אביב
לב העיר|לב תל אביב|לב ת"א|לב תל-אביב|lev hair|lev ha'ir → לב תל אביב ; תל אביב
הצפון הישן|צפון הישן|צפון ישן|הצפון הישן של תל אביב|old north → הצפון הישן ; תל אביב
הצפון החדש|צפון החדש|צפון חדש|new north → הצפון החדש ; תל אביב
בבלי|bavli|babli → בבלי ; תל אביב
מונטיפיורי → מונטיפיורי ; תל אביב ; only-with-shchuna
נווה שאנן|נוה שאנן|neve shaanan|neve sha'anan → נווה שאנן ; תל אביב
שפירא|shapira|shapiro → שפירא ; תל אביב
קרית שלום|קריית שלום → קרית שלום ; תל אביב
יפו ד'|יפו ד → יפו ד' ; יפו
יפו ג'|יפו ג|נווה גולן|נוה גולן → נווה גולן ; יפו
עג'מי|עגמי|ajami|גבעת עליה|גבעת העליה → עג'מי ; יפו
יפו העתיקה|נמל יפו|old jaffa|jaffa port → יפו העתיקה ; יפו
צפון יפו → צפון יפו ; יפו
צהלון → צהלון ; יפו
רמת אביב ג'|רמת אביב ג → רמת אביב ג' ; תל אביב
רמת אביב|ramat aviv → רמת אביב ; תל אביב
נווה אביבים|נוה אביבים → נווה אביבים ; תל אביב
הדר יוסף|הדר-יוסף → הדר יוסף ; תל אביב
רמת החייל → רמת החייל ; תל אביב
רביבים → רביבים ; תל אביב
נווה שרת|נוה שרת → נווה שרת ; תל אביב
המשתלה|משתלה → המשתלה ; תל אביב
גני צהלה → גני צהלה ; תל אביב
צהלה → צהלה ; תל אביב
תל ברוך צפון → תל ברוך צפון ; תל אביב
תל ברוך → תל ברוך ; תל אביב
כוכב הצפון → כוכב הצפון ; תל אביב
מעוז אביב → מעוז אביב ; תל אביב
נאות אפקה → נאות אפקה ; תל אביב
אפקה → אפקה ; תל אביב
יד אליהו → יד אליהו ; תל אביב
נווה עופר|נוה עופר|תל כביר → נווה עופר ; תל אביב
נחלת יצחק → נחלת יצחק ; תל אביב
ביצרון → ביצרון ורמת ישראל ; תל אביב
רמת הטייסים → רמת הטייסים ; תל אביב
נווה חן|נוה חן → נווה חן ; תל אביב
נווה ברבור|נוה ברבור → נווה ברבור ; תל אביב
נווה אליעזר|נוה אליעזר|כפר שלם → נווה אליעזר וכפר שלם מזרח ; תל אביב
תל חיים → תל חיים ; תל אביב
שיכון דן|נווה דן → שיכון דן ; תל אביב
צוקי אביב → צוקי אביב ; תל אביב
אזורי חן → אזורי חן ; תל אביב
הגוש הגדול|נופי ים|רמת אביב החדשה → הגוש הגדול ; תל אביב
תכנית ל|תוכנית ל|למד החדשה|תכנית למד → תכנית ל' ; תל אביב
פארק דרום → פארק דרום ; תל אביב
צמרות איילון|פארק צמרת|צמרות → צמרות איילון ; תל אביב
מרכז הירידים → מרכז הירידים ; תל אביב
עתידים → עתידים ; תל אביב
התקווה|התקוה|שכונת התקווה → התקווה ; תל אביב ; only-with-shchuna
עזרא → עזרא והארגזים ; תל אביב ; only-with-shchuna
קרית שאול → קרית שאול ; תל אביב
גבעתיים רמב"ם|גבעת הרמב"ם|רמב"ם|רמבם → גבעת הרמב"ם ; גבעתיים ; only-with-shchuna
בורסה|הבורסה → בורסה ; רמת גן ; only-with-shchuna
קרית קריניצי → קרית קריניצי ; רמת גן
נחלת גנים → נחלת גנים ; רמת גן
רמת חן → רמת חן ; רמת גן
תל גנים → תל גנים ; רמת גן ; only-with-shchuna
כיכר המדינה|ככר המדינה|kikar hamedina → הצפון החדש - כיכר המדינה ; תל אביב ; landmark
שוק הכרמל|carmel market|shuk hacarmel → כרם התימנים ; תל אביב ; landmark
נחלת בנימין|nachalat binyamin → לב תל אביב ; תל אביב ; landmark
גני שרונה → גני שרונה ; תל אביב
שרונה|מתחם שרונה|sarona → גני שרונה ; תל אביב ; landmark
שוק הפשפשים|הפשפשים|שוק פשפשים|flea market|shuk hapishpeshim → שוק הפשפשים ; יפו ; landmark
כיכר מסריק|ככר מסריק|גן מאיר|הבימה|habima → לב תל אביב ; תל אביב ; landmark
`;

export interface HoodAlias {
  spelling: string;
  name: string;
  city: string;
  landmark: boolean;
  /** A name that is also a street or common word: only after `שכונת`. */
  onlyWithShchuna: boolean;
  /** `הגוש הגדול` written `בגוש הגדול`: the article dropped after `ב`/`ל`/`מ`, so only after one. */
  afterPrefix?: boolean;
}

export const HOOD_ALIASES: HoodAlias[] = TABLE.trim()
  .split("\n")
  .flatMap((line) => {
    const [spellings = "", rest = ""] = line.split("→").map((s) => s.trim());
    const [name = "", city = "", flag = ""] = rest.split(";").map((s) => s.trim());
    return spellings.split("|").flatMap((raw) => {
      const spelling = raw.trim();
      const alias = {
        spelling,
        name,
        city,
        landmark: flag === "landmark",
        onlyWithShchuna: flag === "only-with-shchuna",
      };
      // Only names of two words or more: a one-word name without its article is a word
      // (`בתקווה` is "hopefully", not "in HaTikva").
      const dropped = /^ה[א-ת]+ /.test(spelling)
        ? [{ ...alias, spelling: spelling.slice(1), afterPrefix: true }]
        : [];
      return [alias, ...dropped];
    });
  })
  .sort((a, b) => b.spelling.length - a.spelling.length);
