/**
 * Matches made by hand, where the normalised names differ by more than spelling (a definite
 * article, a prefix such as "שכונת"/"שיכון", a parenthesised alternative, a missing vav). Each
 * pairs a polygon with the one Yad2 name of its city that plainly names the same place; the
 * build lists the polygons left with own codes, so a new unmatched name is seen, not guessed.
 */

/** bogind neighbourhood name (as in the source) → Yad2 neighbourhood id, per CBS city code. */
export const BOGIND_TO_YAD2: Record<number, Record<string, number>> = {
  // Ramat Gan
  8600: {
    הבורסה: 653, // Yad2 "בורסה"
    הבילויים: 1487, // "אזור הבילויים"
    החרוזים: 327, // "חרוזים"
    "מתחם נגבה": 237, // "נגבה"
    "רמת שקמה": 2111, // "רמת השקמה"
    "שיכון ותיקים": 240, // "שיכון הותיקים"
    "שכונת הגפן": 235, // "שכונת גפן"
  },
  // Givatayim
  6300: {
    ארלוזרוב: 1642, // "ארלוזורוב"
    'גבעת רמב"ם': 1643, // 'גבעת הרמב"ם'
    "שטח 9 (בן צבי)": 245, // "שטח 9"
    "שיכון חברת חשמל": 991511, // "חברת חשמל"
  },
  // Beer Sheva: Yad2 groups the old city with the Rambam and Darom quarters.
  9000: {
    "נווה מנחם (נחל עשן)": 35, // "נווה מנחם"
    "העיר העתיקה ורסקו": 44, // 'העיר העתיקה, רמב"ם, דרום'
    "שיכון דרום": 44,
  },
};

/**
 * Names Yad2 writes for Tel Aviv municipal neighbourhoods it has no known id for
 * (the catalog's meta.tlv_yad2_names_without_known_id) → the municipal code (ms_shchuna).
 * They become aliases of our own code for that polygon, so the name match still finds it.
 */
export const TLV_YAD2_NAMES: Record<string, number> = {
  אורות: 61,
  "גבעת הרצל, אזור המלאכה יפו": 43,
  גלילות: 1,
  'התקוה, בית יעקב, נווה צה"ל': 63,
  לבנה: 65,
  "מכללת תל אביב יפו, דקר": 48,
  "ניר אביב": 71,
  "עזרא, הארגזים": 64,
  "כפיר, נווה כפיר": 67,
};

/**
 * Other names people write for a city (besides the Ministry's and bogind's Hebrew and English
 * names, which the build adds itself): Jaffa is part of Tel Aviv-Yafo; common abbreviations.
 */
export const CITY_ALIASES: Record<number, string[]> = {
  5000: ["תל אביב", "יפו", 'ת"א', "Tel Aviv", "Jaffa", "Yafo"],
  3000: ["י-ם"],
  7900: ['פ"ת'],
  8300: ['ראשל"צ', "ראשון"],
  8600: ['ר"ג'],
  9000: ['ב"ש'],
};
