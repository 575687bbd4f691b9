// Group posts as people write them (mostly Hebrew free text, docs/PRODUCT.md), each tagged with
// a token of letters so a test finds its own listings on a shared database.
const letters = () =>
  Array.from({ length: 10 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join("");

export const token = () => `ref${letters()}`;

export const offer = (tag: string, street = "וולפסון 12") =>
  [
    "להשכרה ללא תיווך!",
    `דירת 3 חדרים משופצת ברחוב ${street} תל אביב, קומה 2, 75 מ"ר, מרפסת שמש ומזגנים בכל החדרים.`,
    "מחיר: 5,500 ₪ לחודש. כניסה מיידית.",
    `לפרטים: 052-123-4567 ${tag}`,
  ].join("\n");

export const room = (tag: string) =>
  `חדר להשכרה בדירת שותפים בפלורנטין, 2,800 ש"ח כולל חשבונות, כניסה מיידית. שותפים נחמדים ושקטים ${tag}`;

export const seeker = (tag: string) =>
  `מחפשת דירת 2 חדרים באזור הצפון הישן, תקציב עד 6,000 ₪, זוג שקט ללא חיות. ${tag}`;

export const broker = (tag: string) =>
  `בלעדי במשרדנו! דירת 4 חדרים ברחוב הרצל 30 רמת גן, קומה 3, 95 מ"ר, 7,200 ₪. תיווך, דמי תיווך חודש. ${tag}`;
