// The Hebrew of every error message the API answers (`{message, code}`), keyed by the English
// text: the gateway's error middleware answers a Hebrew caller with it, the `code` unchanged.
// Keyed by text rather than by code because one code covers many messages (invalid_argument).
// Plain constants, no imports, as messages.ts: the SPA may import them too.
// messages.he.test.ts fails when a message the services or the contract can answer has no Hebrew.

/** English message → Hebrew. */
export const ERROR_MESSAGES_HE: Readonly<Record<string, string>> = {
  // Sign-in, registration and passwords (AUTH_MESSAGES and identity's own).
  "First name is required": "יש להזין שם פרטי",
  "Last name is required": "יש להזין שם משפחה",
  username: "יש להזין כתובת אימייל",
  "username is required": "יש להזין כתובת אימייל",
  "Password is required": "יש להזין סיסמה",
  "Password must be at least 6 characters long": "הסיסמה צריכה להכיל לפחות 6 תווים",
  "Password must be at least 6 characters": "הסיסמה צריכה להכיל לפחות 6 תווים",
  "Password must be at least 8 characters": "הסיסמה צריכה להכיל לפחות 8 תווים",
  "Please verify your password": "יש לאמת את הסיסמה",
  "Please confirm your password": "יש לאשר את הסיסמה",
  "Passwords do not match": "הסיסמאות אינן תואמות",
  "Current password is required": "יש להזין את הסיסמה הנוכחית",
  "New password is required": "יש להזין סיסמה חדשה",
  "Username is required": "יש להזין שם משתמש",
  "Verification code is required": "יש להזין קוד אימות",
  "Invalid reset link": "קישור האיפוס אינו תקין",
  "Invalid verification code": "קוד האימות שגוי",
  "Please enter a valid email address": "יש להזין כתובת אימייל תקינה",
  "Password is too long": "הסיסמה ארוכה מדי",
  "First name is too long": "השם הפרטי ארוך מדי",
  "Last name is too long": "שם המשפחה ארוך מדי",
  "Avatar must be one of the 25 presets": "יש לבחור אחת מ־25 הדמויות המוכנות",
  "Roles must be user or admin": "תפקיד יכול להיות משתמש או מנהל בלבד",
  "Language must be en (English) or he (Hebrew)": "השפה יכולה להיות en (אנגלית) או he (עברית) בלבד",
  "An account with this email already exists": "כבר קיים חשבון עם כתובת האימייל הזו",
  "Invalid email or password": "האימייל או הסיסמה שגויים",
  "Current password is incorrect": "הסיסמה הנוכחית שגויה",
  "Could not create the account": "לא הצלחנו ליצור את החשבון",
  "Unknown sign-in provider": "ספק ההתחברות אינו מוכר",
  "Google sign-in is not configured": "ההתחברות עם Google אינה מוגדרת",
  "Google sign-in failed": "ההתחברות עם Google נכשלה",
  "The server is busy, please try again in a moment": "השרת עמוס, אפשר לנסות שוב בעוד רגע",
  // Sessions and access.
  "Authentication required": "יש להתחבר",
  "Admin access required": "נדרשת הרשאת מנהל",
  "Your account is banned": "החשבון שלך חסום",
  "Your session has expired, please sign in again": "פג תוקף ההתחברות, יש להתחבר שוב",
  "Invalid or expired session": "ההתחברות אינה תקפה או שפג תוקפה",
  "Your session has ended": "ההתחברות הסתיימה",
  "You may only change your own profile": "אפשר לשנות רק את הפרופיל שלך",
  "Only admins may change roles or bans": "רק מנהלים יכולים לשנות תפקידים או חסימות",
  "Session not found": "ההתחברות לא נמצאה",
  "Device not found": "המכשיר לא נמצא",
  "User not found": "המשתמש לא נמצא",
  "Too many requests, please try again later.": "יותר מדי בקשות, אפשר לנסות שוב מאוחר יותר.",
  "Too many searches at once, please try again in a moment.":
    "יותר מדי חיפושים בבת אחת, אפשר לנסות שוב בעוד רגע.",
  // Linking Telegram (REAUTH_MESSAGES).
  "Enter your current password to link Telegram": "יש להזין את הסיסמה הנוכחית כדי לחבר את טלגרם",
  "Sign in again to link Telegram: it needs a sign-in within the last 10 minutes":
    "יש להתחבר שוב כדי לחבר את טלגרם: נדרשת התחברות ב־10 הדקות האחרונות",
  "No Telegram account is linked": "לא מחובר חשבון טלגרם",
  // Bots (BOT_MESSAGES).
  "Bot name is required": "יש להזין שם לבוט",
  "Bot name must be at most 100 characters": "שם הבוט יכול להכיל עד 100 תווים",
  "Description must be at most 1000 characters": "התיאור יכול להכיל עד 1000 תווים",
  "Please select at least one area": "יש לבחור לפחות אזור אחד",
  "Please set a valid number of rooms (1-10)": "יש להגדיר מספר חדרים תקין (1–10)",
  "Please set a valid price range": "יש להגדיר טווח מחירים תקין",
  "You have 25 bots, the most an account can have. Delete one to add another.":
    "יש לך 25 בוטים, המספר המרבי לחשבון. כדי להוסיף בוט חדש יש למחוק אחד.",
  "Bot not found": "הבוט לא נמצא",
  // Shared bots (SHARE_MESSAGES).
  "This invite link is not valid. Ask for a new one.": "קישור ההזמנה אינו תקף. יש לבקש קישור חדש.",
  "This invite link has expired. Ask for a new one.": "תוקף קישור ההזמנה פג. יש לבקש קישור חדש.",
  "This invite link was used already. Ask for a new one.": "כבר נעשה שימוש בקישור ההזמנה. יש לבקש קישור חדש.",
  "This invite is for another account. Sign in with the e-mail it was sent to.":
    "ההזמנה מיועדת לחשבון אחר. יש להתחבר עם כתובת האימייל שאליה נשלחה.",
  "This bot is yours already.": "הבוט הזה כבר שלך.",
  "Only the bot's owner can do this": "רק הבעלים של הבוט יכולים לעשות זאת",
  "The bot's owner has not let members change its search": "הבעלים של הבוט לא אפשרו לחברים לשנות את החיפוש",
  "The bot's owner has not let members invite others": "הבעלים של הבוט לא אפשרו לחברים להזמין אחרים",
  "The owner cannot leave their own bot; delete it instead":
    "הבעלים לא יכולים לעזוב בוט משלהם; אפשר למחוק אותו",
  "Member not found": "החבר לא נמצא",
  "A bot can be shared with at most 10 people": "אפשר לשתף בוט עם 10 אנשים לכל היותר",
  "membersMayEdit must be true or false": "membersMayEdit צריך להיות true או false",
  "membersMayInvite must be true or false": "membersMayInvite צריך להיות true או false",
  "email must be text": "כתובת האימייל צריכה להיות טקסט",
  "The body must be {email?}": "גוף הבקשה צריך להיות {email?}",
  "Open the link in Dirabot and confirm there to add this bot":
    "יש לפתוח את הקישור ב־Dirabot ולאשר שם כדי להוסיף את הבוט",
  // Places and distance conditions (PLACE_MESSAGES, NEAR_MESSAGES).
  "At most 5 places": "אפשר לשמור עד 5 מקומות",
  "A place needs a name": "יש לתת למקום שם",
  "A place's name must be at most 40 characters": "שם המקום יכול להכיל עד 40 תווים",
  "A place must be a point inside Israel": "המקום צריך להיות נקודה בתוך ישראל",
  "Unknown place: send the places you have with their ids":
    "מקום לא מוכר: יש לשלוח את המקומות הקיימים עם המזהים שלהם",
  "The same place is listed twice": "אותו מקום מופיע פעמיים",
  "Only you may change your places": "רק את/ה יכול/ה לשנות את המקומות שלך",
  "Distance must be 1 to 30 km": "המרחק צריך להיות בין 1 ל־30 ק״מ",
  "Travel time must be 1 to 120 minutes": "זמן הנסיעה צריך להיות בין 1 ל־120 דקות",
  "Travel mode must be walking, cycling or driving": "אמצעי התנועה יכול להיות הליכה, אופניים או רכב",
  "A distance condition needs km, or minutes with a mode": "תנאי מרחק צריך ק״מ, או דקות עם אמצעי תנועה",
  "Choose one of your places": "יש לבחור אחד מהמקומות שלך",
  "One condition per place": "תנאי אחד לכל מקום",
  "At most 5 distance conditions": "אפשר להגדיר עד 5 תנאי מרחק",
  "near must be a list of {placeId, km} or {placeId, minutes, mode}":
    "near צריך להיות רשימה של {placeId, km} או {placeId, minutes, mode}",
  "A place must be {name, lat, lon} with an optional id": "מקום צריך להיות {name, lat, lon} עם id אופציונלי",
  "places must be a list": "places צריך להיות רשימה",
  // Quiet hours (QUIET_HOURS_MESSAGES).
  'Quiet hours "from" must be a time as HH:mm, e.g. 23:00':
    "תחילת שעות השקט צריכה להיות שעה בתבנית HH:mm, למשל 23:00",
  'Quiet hours "to" must be a time as HH:mm, e.g. 07:00':
    "סיום שעות השקט צריך להיות שעה בתבנית HH:mm, למשל 07:00",
  "Quiet hours must start and end at different times": "שעות השקט צריכות להתחיל ולהסתיים בשעות שונות",
  "Quiet hours must be {from, to} or null": "שעות השקט צריכות להיות {from, to} או null",
  "telegramMatches must be true or false": "telegramMatches יכול להיות true או false בלבד",
  "notify must be an object": "notify צריך להיות אובייקט",
  // Telegram messaging, groups (TELEGRAM_MESSAGES, GROUP_CODE_ERRORS).
  "Message cannot be empty": "ההודעה לא יכולה להיות ריקה",
  "Message and chat selection are required": "יש לכתוב הודעה ולבחור צ׳אט",
  "Message is longer than Telegram's 4096 characters": "ההודעה ארוכה מ־4096 התווים שטלגרם מאפשרת",
  "chatId must be a Telegram chat id": "chatId צריך להיות מזהה צ׳אט של טלגרם",
  "This chat is not known to the bot: link an account, register a group or wait for it to write":
    "הבוט לא מכיר את הצ׳אט הזה: יש לחבר חשבון, לרשום קבוצה או לחכות שיכתבו ממנו",
  "No Telegram chat to send to yet: no account is linked and no group is registered":
    "אין עדיין צ׳אט בטלגרם לשלוח אליו: לא חובר אף חשבון ולא נרשמה אף קבוצה",
  "Telegram is not configured": "טלגרם אינו מוגדר",
  "Telegram is unreachable": "אין חיבור לטלגרם",
  "Code must be exactly 6 characters": "הקוד צריך להכיל בדיוק 6 תווים",
  "This code is not valid. Send /register in your Telegram group for a new one.":
    "הקוד אינו תקין. כדי לקבל קוד חדש יש לשלוח ‎/register בקבוצת הטלגרם.",
  "This code has expired. Send /register in your Telegram group for a new one.":
    "פג תוקף הקוד. כדי לקבל קוד חדש יש לשלוח ‎/register בקבוצת הטלגרם.",
  "This code has already been used. Send /register in your Telegram group for a new one.":
    "הקוד כבר נוצל. כדי לקבל קוד חדש יש לשלוח ‎/register בקבוצת הטלגרם.",
  "A button needs a label of 1 to 64 characters": "לכפתור צריך טקסט של 1 עד 64 תווים",
  "A button's url must be an http(s) address": "הקישור של כפתור צריך להיות כתובת http(s)",
  "photo_url must be an http(s) address": "photo_url צריך להיות כתובת http(s)",
  "Text is required": "יש להזין טקסט",
  "Text cannot contain NUL characters": "הטקסט לא יכול להכיל תווי NUL",
  "Message cannot contain NUL characters": "ההודעה לא יכולה להכיל תווי NUL",
  "type must be one of broadcast, direct, received": "type יכול להיות broadcast,‏ direct או received בלבד",
  // Chats, properties, places.
  "Chat not found": "הצ׳אט לא נמצא",
  "Message not found": "ההודעה לא נמצאה",
  "vote must be up, down or null": "ההצבעה (vote) יכולה להיות up,‏ down או null בלבד",
  "note must be text": "ההערה (note) צריכה להיות טקסט",
  "A note is at most 200 characters": "הערה יכולה להכיל עד 200 תווים",
  "A note cannot contain NUL characters": "ההערה לא יכולה להכיל תווי NUL",
  "called must be true or false": "called יכול להיות true או false בלבד",
  "viewingOn must be a date as YYYY-MM-DD, e.g. 2027-01-31":
    "יום הצפייה (viewingOn) צריך להיות תאריך בתבנית YYYY-MM-DD, למשל 2027-01-31",
  "Only a match can be voted on or replied to": "אפשר להצביע ולהגיב מהר רק על דירה שהבוט שלח",
  "Only the chat's members vote and reply": "רק חברי הצ׳אט מצביעים ומגיבים",
  "Asset not found": "הנכס לא נמצא",
  "sort must be newest, price_asc, price_desc or price_per_sqm":
    "סדר המיון (sort) יכול להיות newest,‏ price_asc,‏ price_desc או price_per_sqm בלבד",
  "neighborhoodCodes must be whole numbers separated by commas, at most 200":
    "קודי השכונות (neighborhoodCodes) צריכים להיות מספרים שלמים מופרדים בפסיקים, עד 200",
  "availableBy must be a date as YYYY-MM-DD, e.g. 2027-01-31":
    "תאריך הכניסה (availableBy) צריך להיות תאריך בתבנית YYYY-MM-DD, למשל 2027-01-31",
  "nearKm must be one of 1, 2, 3, 5, 10, 20 or 30 (km)":
    "המרחק מהמקומות שלך (nearKm) צריך להיות אחד מאלה: 1, 2, 3, 5, 10, 20 או 30 (ק״מ)",
  "near must be at most 5 circles of 0.1 to 30 km around a point on the globe":
    "אפשר לחפש ליד 5 מקומות לכל היותר, ברדיוס של 0.1 עד 30 ק״מ",
  "Could not join the chat, try again": "לא הצלחנו להצטרף לצ׳אט, אפשר לנסות שוב",
  "Too many chats joined": "הצטרפת ליותר מדי צ׳אטים",
  "A place to search for is required": "יש להזין מקום לחיפוש",
  "The search text is too long": "טקסט החיפוש ארוך מדי",
  "Geocoding is unavailable right now": "איתור הכתובות אינו זמין כרגע",
  "No screenshot yet": "אין עדיין צילום מסך",
  // Notifications and push (SUBSCRIPTION_ERRORS).
  "Notification not found": "ההתראה לא נמצאה",
  "Title and body are required": "יש להזין כותרת ותוכן",
  "Title must be at most 200 characters": "הכותרת יכולה להכיל עד 200 תווים",
  "Body must be at most 2000 characters": "התוכן יכול להכיל עד 2000 תווים",
  "Title, body and URL cannot contain NUL characters": "הכותרת, התוכן והקישור לא יכולים להכיל תווי NUL",
  "URL must be a path starting with / or an http(s) address":
    "הקישור צריך להיות נתיב שמתחיל ב־/ או כתובת http(s)",
  "Invalid subscription: missing required fields": "המינוי אינו תקין: חסרים שדות חובה",
  "Invalid subscription: missing endpoint": "המינוי אינו תקין: חסרה כתובת היעד",
  "Subscription keys are missing": "חסרים מפתחות המינוי",
  "Invalid subscription: the endpoint must be an https URL": "המינוי אינו תקין: כתובת היעד צריכה להיות https",
  "Invalid subscription: the keys are not a browser's push keys":
    "המינוי אינו תקין: המפתחות אינם מפתחות התראות של דפדפן",
  "Invalid subscription: the endpoint must be on port 443":
    "המינוי אינו תקין: כתובת היעד צריכה להיות בפורט 443",
  "This account already has 10 devices receiving notifications: remove one in your profile first":
    "כבר יש בחשבון 10 מכשירים שמקבלים התראות: יש להסיר אחד מהם בפרופיל קודם",
  "limit must be from 1 to 100": "limit צריך להיות בין 1 ל־100",
  "skip must be 0 or more": "skip צריך להיות 0 או יותר",
  // The contract's refusals of a malformed field (what a screen never sends, a program may).
  "filters must be {safeRoom, parking, elevator}, each true or null":
    "filters צריך להיות {safeRoom, parking, elevator}, כל אחד true או null",
  "include.rooms must be true or false": "include.rooms יכול להיות true או false בלבד",
  "include.sublets must be true or false": "include.sublets יכול להיות true או false בלבד",
  "include must be {rooms, sublets}, each true or false":
    "include צריך להיות {rooms, sublets}, כל אחד true או false",
  "description must be text": "description צריך להיות טקסט",
  "isActive must be true or false": "isActive יכול להיות true או false בלבד",
  "merchant must be false (private listings only) or null (all listings)":
    "merchant צריך להיות false (מודעות פרטיות בלבד) או null (כל המודעות)",
  "botName must be text": "botName צריך להיות טקסט",
  "all must be true or false": "all יכול להיות true או false בלבד",
  "botId is required": "יש לציין botId",
  "Message content is required": "יש לכתוב תוכן להודעה",
  "tempId must be text": "tempId צריך להיות טקסט",
  "Only text messages can be sent": "אפשר לשלוח הודעות טקסט בלבד",
  "url must be a string": "url צריך להיות מחרוזת",
  // Requests as such, and the server.
  "Request body is too large": "גוף הבקשה גדול מדי",
  "Request body must be JSON": "גוף הבקשה צריך להיות JSON",
  "Request body must be sent as application/json": "יש לשלוח את גוף הבקשה כ־application/json",
  "Invalid request": "הבקשה אינה תקינה",
  "Invalid UUID": "המזהה אינו תקין",
  "Not found": "לא נמצא",
  "Internal server error": "שגיאה פנימית בשרת",
  "Service unavailable": "השירות אינו זמין כרגע",
};

/**
 * Messages with a changing part (a number, a field, a service's words): the English as a pattern,
 * the Hebrew with `$1`… for what it captured. Zod's own English (a field with no message of
 * ours) is here too, so a Hebrew caller reads Hebrew even then.
 */
export const ERROR_PATTERNS_HE: ReadonlyArray<readonly [RegExp, string]> = [
  [/^Password must be at least (\d+) characters$/, "הסיסמה צריכה להכיל לפחות $1 תווים"],
  [/^Message is too long \(at most (\d+) characters\)$/, "ההודעה ארוכה מדי (עד $1 תווים)"],
  [/^Text is longer than (\d+) characters$/, "הטקסט ארוך מ־$1 תווים"],
  [/^At most (\d+) users can be read at once$/, "אפשר לקרוא עד $1 משתמשים בבת אחת"],
  [/^(.+) not found$/, "$1: לא נמצא"],
  [/^(.+) is required$/, "$1: שדה חובה"],
  [/^(.+) is too long$/, "$1: ארוך מדי"],
  [/^(.+) cannot contain NUL characters$/, "$1: לא יכול להכיל תווי NUL"],
  [/^Invalid Markdown: (.+)$/, "Markdown לא תקין: $1"],
  [/^Telegram is busy: (.+)$/, "טלגרם עמוס: $1"],
  [/^Telegram refused the message: (.+)$/, "טלגרם דחה את ההודעה: $1"],
  [/^Type must be one of (.+)$/, "הסוג יכול להיות אחד מאלה בלבד: $1"],
  [/^type must be one of (.+)$/, "type יכול להיות אחד מאלה בלבד: $1"],
  [/^No API route (\S+) (\S+)$/, "אין נתיב API ‏$1 $2"],
  // Zod's defaults.
  [/^Too big: expected string to have <=(\d+) characters$/, "ארוך מדי: עד $1 תווים"],
  [/^Too small: expected string to have >=(\d+) characters$/, "קצר מדי: לפחות $1 תווים"],
  [/^Too big: expected array to have <=(\d+) items$/, "יותר מדי פריטים: עד $1"],
  [/^Too small: expected array to have >=(\d+) items$/, "מעט מדי פריטים: לפחות $1"],
  [/^Too big: expected number to be <=?(-?[\d.]+)$/, "גדול מדי: עד $1"],
  [/^Too small: expected number to be >=?(-?[\d.]+)$/, "קטן מדי: לפחות $1"],
  [/^Invalid input: expected (\w+), received (\w+)$/, "קלט לא תקין: ציפינו ל־$1 וקיבלנו $2"],
  [/^Invalid input$/, "קלט לא תקין"],
  [/^Invalid option: expected one of (.+)$/, "ערך לא תקין: אפשר לבחור אחד מאלה: $1"],
  [/^Unrecognized keys?: (.+)$/, "שדות לא מוכרים: $1"],
];

/** `message` in the caller's language: Hebrew when the catalogue has it, else as it was. */
export function errorMessageIn(locale: string, message: string): string {
  if (locale !== "he") return message;
  const exact = ERROR_MESSAGES_HE[message];
  if (exact !== undefined) return exact;
  for (const [pattern, he] of ERROR_PATTERNS_HE)
    if (pattern.test(message)) return message.replace(pattern, he);
  return message;
}

export { warningMessageIn } from "./warnings.he.ts";
