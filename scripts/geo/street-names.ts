/**
 * The street names of Tel Aviv-Yafo, Ramat Gan and Givatayim the gazetteer is built from
 * (`streets.ts` turns them into `services/lib/geography/src/data/streets.json`).
 *
 * Provenance: compiled by hand for this project from general knowledge of the
 * three cities' streets, and checked against the streets named in the project's labelled
 * posts. No maintained package of Israel's official street list (the CBS / Population
 * Authority street-code list, or OpenStreetMap extracts) is published on the npm registry,
 * the only outside source this project's build can reach, so this is not that list: it is
 * partial (the streets rental posts name most), and it has no street codes. Street names are
 * facts; the compilation is the project's own work, under the repository's terms.
 *
 * Format: one street per `|`, `Hebrew~other Hebrew spelling=English/other English`. The
 * name first written is the street's usual spelling; `~` adds spellings posts use.
 */
export const STREET_SOURCE = {
  compiled: "2026-11-26",
  source:
    "Compiled by hand for the project from general knowledge of the cities' streets and checked against the streets named in its labelled posts; not the official CBS / Population Authority street-code list (no package of that list is published on the npm registry, the only outside source the build reaches). Partial: the streets rental posts name most.",
  licence: "The project's own compilation, under the repository's terms (street names are facts).",
};

export const TEL_AVIV_STREETS = `
אבן גבירול=Ibn Gabirol/Even Gvirol/Ibn Gvirol|אלנבי=Allenby|דיזנגוף~דיזינגוף=Dizengoff/Dizingof|בן יהודה=Ben Yehuda
הירקון=Hayarkon/Ha Yarkon/Yarkon|הרברט סמואל=Herbert Samuel|רוטשילד=Rothschild/Rotschild
קינג ג'ורג'~קינג ג'ורג~קינג גורג'~קינג גורג~המלך ג'ורג'=King George|ארלוזורוב~ארלוזרוב=Arlozorov/Arlosoroff
נורדאו=Nordau|פרישמן=Frishman/Frischmann|גורדון=Gordon|בוגרשוב=Bograshov|שינקין~שנקין=Sheinkin/Shenkin
מונטיפיורי~מונטפיורי=Montefiore|לילינבלום~ליליינבלום=Lilienblum|נחלת בנימין=Nahalat Binyamin/Nachalat Binyamin
יהודה הלוי=Yehuda Halevi|הרצל=Herzl|אחד העם=Ahad Haam/Ahad Ha'am|מזא"ה~מזאה=Mazeh|בלפור=Balfour|ביאליק=Bialik
טשרניחובסקי=Tchernichovsky|טרומפלדור=Trumpeldor|הכרמל=Hacarmel/Carmel|הנביאים=Hanevi'im|מאפו=Mapu|זמנהוף=Zamenhof
פינסקר=Pinsker|בזל~באזל=Basel|ז'בוטינסקי~זבוטינסקי=Jabotinsky/Zhabotinsky|ויצמן~וייצמן=Weizmann/Weizman
פנקס=Pinkas|יהודה המכבי=Yehuda Hamaccabi/Yehuda Maccabi|נמיר~דרך נמיר=Namir|ארבר=Arber|אונקלוס=Onkelos
ירמיהו=Yirmiyahu|ישעיהו=Yeshayahu|דוד ילין=David Yellin|שלומציון המלכה=Shlomtsion Hamalka|מרים החשמונאית
החשמונאים=Hahashmonaim/Hashmonaim|קרליבך=Carlebach|לינקולן=Lincoln|מנחם בגין~דרך מנחם בגין~דרך בגין=Begin/Menachem Begin
ההגנה~דרך ההגנה=Hahagana|השלום~דרך השלום=Hashalom|יגאל אלון=Yigal Alon|דרך יפו=Jaffa Road|שלמה~דרך שלמה~סלמה=Salame
הרכבת=Harakevet|פלורנטין=Florentin|וושינגטון~שדרות וושינגטון=Washington|אברבנאל=Abarbanel|ויטל=Vital
העלייה~העליה=Haaliya|הקישון=Hakishon|ידידה פרנקל~פרנקל=Frankel|צ'לנוב~צלנוב=Chelnov|מטלון=Matalon
לבונטין=Levontin|ברזילי=Barzilai|לוינסקי=Levinsky|זבולון=Zevulun|נווה שאנן=Neve Shaanan|אילת=Eilat
הכובשים=Hakovshim|נחמני=Nachmani/Nahmani|גוטליב=Gottlieb|קורולנקו=Korolenko|אהרונוביץ=Aharonovich|מלצ'ט~מלצט=Melchett
בלוך=Bloch|צייטלין=Zeitlin|קפלן=Kaplan|לאונרדו דה וינצ'י=Leonardo da Vinci|שאול המלך=Shaul Hamelech/King Saul
אבא הלל סילבר~אבא הלל=Abba Hillel Silver|בארי=Beeri|בן סרוק=Ben Saruk|ז'ורז' וייז=Georges Wise|איינשטיין=Einstein
חיים לבנון=Haim Levanon|ברודצקי=Brodetsky|טאגור=Tagore|קהילת קנדה|שדרות ירושלים=Jerusalem Boulevard|יפת=Yefet
יהודה הימית=Yehuda Hayamit|הדולפין|שבזי=Shabazi|נחמה|לואי מרשל=Louis Marshall|מרמורק=Marmorek|ביל"ו~בילו=Bilu
בית אורן|פייבל|עקיבא אייגר~אייגר עקיבא|ראש פינה|מעפילי אגוז|משה דיין=Moshe Dayan|הטייסים~דרך הטייסים
עודד|עזרא הסופר=Ezra Hasofer|בן עטר=Ben Atar|אלחריזי=Alharizi|סירקין=Sirkin|אבולעפיה=Abulafia|גולומב=Golomb
תשרי|רופין=Ruppin|עיינות|מקווה ישראל=Mikve Israel|קלישר=Kalisher|התבור=Hatavor|מוהליבר=Mohiliver|חברון
בן צבי~דרך בן צבי=Ben Zvi|דה פיגוטו|הקליר=Hakalir|הירשנברג=Hirschenberg|מרכולת|באר יעקב|ורמייזה=Vermeiza|יריחו
שם הגדולים|רחמיאלי|המקצוע|בן דוסא|צריפין|פאירברג|איזיק שטרן|יד המעביר|צביה לובטקין|כפר גלעדי|אהלי יעקב
מזרחי=Mizrahi|ישראליס|לסל=Lasalle|קצנלסון~כצנלסון=Katznelson|דובנוב=Dubnov|חובבי ציון=Hovevei Zion
אנגל=Engel|בצלאל יפה|הרב קוק=Harav Kook|עמק ברכה|הנרייטה סולד=Henrietta Szold|בן גוריון~שדרות בן גוריון=Ben Gurion
סר ג'ון מונש|מנוחה|ירושלים|דב הוז=Dov Hoz|ברנר=Brenner|בר כוכבא=Bar Kochva|גאולה=Geula|הס=Hess|שלמה המלך=King Solomon
אוסישקין=Ussishkin|תל חי=Tel Hai|מאנה=Mane|יהושע בן נון=Yehoshua Bin Nun|עולי ציון|רזיאל=Raziel
קיבוץ גלויות=Kibbutz Galuyot|לה גוארדיה~לה גווארדיה=La Guardia|רידינג=Reading|בני אפרים=Bnei Efraim|משה סנה
דה האז=De Haas|וולפסון=Wolfson|גרוזנברג=Gruzenberg|יצחק שדה=Yitzhak Sadeh|המסגר=Hamasger|דוד המלך=King David
אנטוקולסקי=Antokolsky|שמריהו לוין=Shmaryahu Levin|שוקן=Schocken|פרוג=Frug|סוטין=Soutine|נחמיה=Nehemia
אחוזת בית=Ahuzat Bayit|שפינוזה=Spinoza|עליית הנוער|ה' באייר~הא באייר=Heh Be'iyar|בורוכוב=Borochov
בן אביגדור|הרא"ה|סוקולוב=Sokolov|היצירה|שלום עליכם=Shalom Aleichem|גרוזנברג|מלכי ישראל=Malchei Israel
דרך נמיר|פרץ=Peretz|חיים ויטל|המלך ג'ורג'|הגדוד העברי=Hagdud Haivri|לוונטין|יהודה מרגוזה|רבי עקיבא
הרב פרנקל|שדרות חן=Chen Boulevard|חן|שדרות נורדאו|שדרות רוטשילד|שדרות יהודית=Yehudit Boulevard
דוד חכמי|יהודה הנשיא|הברזל=Habarzel|הארבעה=Harbaa|קרמניצקי|מונטיפיורי|ברנדייס=Brandeis|שטרן|פרופס
קדושי השואה|אינשטיין|רמז=Remez|דיזראלי=Disraeli|ויסוצקי=Wissotzky|ליסין|ז'ורז' קלמנסו
אלכסנדר ינאי|הרקפת|הגפן|גלבוע|אוגרית|צונץ|דוד רזיאל|מגן אברהם|תובל|הבשור|ראול ולנברג=Raoul Wallenberg
הברזל|המרד=Hamered|אילת|קויפמן=Kaufmann|הרצל רוזנבלום|אנטיגונוס|מרגולין|ש"י עגנון|עמיחי|טבנקין|בית הלל
מצדה=Masada|ההסתדרות|לבנדה=Levanda|סלומון|צמח דוד|שביל המרץ|קיבוץ גלויות|אליפלט|קרית ספר
הכנסת הגדולה|אליעזר קפלן|וילנא=Vilna|וילנה~וילנא|נתן החכם|יוסף אליהו|מנדלי מוכר ספרים=Mendele|סמטת בית השואבה
דניאל פריש|לוי אשכול=Levi Eshkol|אהרון בקר|ריינס=Reines|יוחנן הסנדלר|עמנואל הרומי|אבן עזרא|רש"י=Rashi
נחום=Nachum|נחום הנביא|עמוס=Amos|הושע|מיכה|יואל|מלאכי|צפניה|חבקוק|עובדיה|יונה הנביא|זכריה|ישעיהו הנביא
פרישמן|שמחה הולצברג|מאז"ה|הרצוג|מונטגומרי|שדרות קק"ל|אנה פרנק|קלונימוס|דגניה=Degania|שקד|גת רימון
הצפירה|התבור|הרב קוק|מסילת ישרים|שדרות ההשכלה|נחמן מברסלב|שבטי ישראל|שדרות התמרים|השופטים=Hashoftim
אייזיק רמבה|ישראל מסלנט|רבינא|חיים הזז|שלונסקי|יורדי הסירה|הפרדס|הכישור|הבנאי|המנוף|הרב טולידנו
סלאנט|כורש=Koresh|זלוציסטי|יעבץ=Yaavetz|הגליל|דם המכבים|בר יוחאי|הקונגרס|ריב"ל|עליית הנוער|השחר|קלמן מגן
`;

export const RAMAT_GAN_STREETS = `
ז'בוטינסקי~זבוטינסקי=Jabotinsky|ביאליק=Bialik|הרא"ה~הראה=Hara'ah|קריניצי=Krinitzi|אבא הלל~אבא הלל סילבר=Abba Hillel
דרך בן גוריון~בן גוריון=Ben Gurion|ארלוזורוב~ארלוזרוב=Arlozorov|הרצל=Herzl|ויצמן~וייצמן=Weizmann|ירושלים|נגבה=Negba
הירדן=Hayarden|הרואה|ביאליק|שמואל הנגיד|אלוף שדה=Aluf Sadeh|אלוף דוד|המעגל|ההגנה|החשמונאים
הגפן|הנרקיס|התבור|ההסתדרות|הבונים|אהרונסון|בן יהודה|ברנר|גורדון|דרך יצחק רבין|הילל|המכבים|הרב קוק
טרומפלדור|יהודה הלוי|כצנלסון|מנחם בגין|נורדאו|סוקולוב|עוזיאל|פינסקר|קפלן|רוטשילד|שדרות ירושלים|תל חי|בר אילן
ז'בוטינסקי|אחד העם|הפודים|הבילויים|המלאכה|הרצל|משה שרת|ריינס|הזית|הדקל|האלה|שמעוני|ששת הימים|ישעיהו|ירמיהו
הרב פלמן|הנביאים|אורי צבי גרינברג|פנחס רוטנברג|רבי עקיבא|הרב קוק|תובל|הגולן|חיבת ציון|הילדים
`;

export const GIVATAYIM_STREETS = `
כצנלסון~קצנלסון=Katznelson|ויצמן~וייצמן=Weizmann|סירקין=Sirkin|בורוכוב=Borochov|גולומב=Golomb|שינקין=Sheinkin
ארלוזורוב~ארלוזרוב=Arlozorov|המעגל|השלושה|מצדה|הל"ה|יבנה|ההגנה|הנשיא|רמב"ם|שביל הגן|קק"ל|הרואה|שדרות יצחק רבין
דרך יצחק רבין|בן צבי|ברל|בר כוכבא|הפלמ"ח|השומר|התע"ש|ז'בוטינסקי|טבנקין|כורזין|מנחם בגין
עליית הנוער|פועלי הרכבת|קורצ'אק|רמב"ם|שמחה הולצברג|שטרן|יצחק שדה|אחדות העבודה|הכנסת|ראשונים|אורי צבי גרינברג
`;
