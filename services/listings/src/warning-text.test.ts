import { describe, expect, it } from "vitest";
import { asksMoneyBeforeViewing, saysOwnerAbroad, sendsKeys } from "./warning-text.ts";

// Labelled examples written for these tests (not taken from real posts): each rule's positives,
// and near misses that share its words but tell an ordinary rental.

const label = (rule: (t: string) => boolean, texts: string[]) =>
  Object.fromEntries(texts.map((t) => [t, rule(t)]));
const all = (texts: string[], value: boolean) => Object.fromEntries(texts.map((t) => [t, value]));

describe("money before a viewing", () => {
  const yes = [
    "דירת 3 חדרים מהממת, כדי לקבוע צפייה צריך להעביר מקדמה לפני הצפייה",
    "יש הרבה מתעניינים! מי שרוצה את הדירה מעביר דמי רצינות של 1000 ש״ח לפני שרואים אותה",
    "תשלום קטן בביט לפני ואז אני שולח את הכתובת",
    "אפשר בפייבוקס, לפני שנפגשים",
    "כדי לשריין את הדירה יש להעביר 2000 שח",
    "Lovely flat, send a deposit to hold it and I'll arrange everything.",
    "A small payment via bit before the viewing is required.",
    "Please wire the first month before you see it, many people are interested.",
    "Rent it sight unseen: transfer the deposit and the flat is yours",
    "Pay ₪500 through PayBox before we meet",
  ];
  const no = [
    "The deposit is paid at contract signing.",
    "Viewings every evening; a bank guarantee and deposit at signing",
    "המקדמה משולמת בחתימת החוזה, צפייה בתיאום מראש",
    "אפשר לבוא לראות את הדירה לפני החתימה",
    "אין צורך בתשלום לפני הצפייה",
    "Never pay anything before you see the flat!",
    "No deposit before the viewing, ever.",
    "The kitchen is a bit small but the balcony is huge, available before Passover",
    "מחפשים מישהו להעביר אליו את החוזה לפני שאנחנו עוזבים",
    "Paying by bit is fine for the first month's rent, after signing",
  ];
  it("warns on each positive", () => expect(label(asksMoneyBeforeViewing, yes)).toEqual(all(yes, true)));
  it("stays quiet on each near miss", () =>
    expect(label(asksMoneyBeforeViewing, no)).toEqual(all(no, false)));
});

describe("the owner is abroad", () => {
  const yes = [
    "אני בחו״ל כרגע ולכן לא אוכל להראות את הדירה",
    'בעל הדירה נמצא בחו"ל, הכל מתבצע מרחוק',
    "אני לא בארץ, אבל הדירה פנויה מיד",
    "עברנו לחו״ל בשנה שעברה ומשכירים את הדירה",
    "I'm abroad at the moment, so I can't show the apartment.",
    "The owner is currently out of the country.",
    "We moved abroad and want a reliable tenant.",
    "I am living overseas now",
  ];
  const no = [
    "אני טס לחו״ל לחצי שנה ומסבלט את הדירה",
    "מתאים לחוזרים מחו״ל",
    "I'm going abroad for a year, subletting my room",
    "Perfect for someone returning from abroad",
    "The landlord lives in the building and is very nice",
    "I will be out of the country in June, sublet for two months",
    "חול הים במרחק הליכה, 5 דקות מהחוף",
  ];
  it("warns on each positive", () => expect(label(saysOwnerAbroad, yes)).toEqual(all(yes, true)));
  it("stays quiet on each near miss", () => expect(label(saysOwnerAbroad, no)).toEqual(all(no, false)));
});

describe("keys sent by post or courier", () => {
  const yes = [
    "את המפתחות אשלח בדואר אחרי ההעברה",
    "המפתחות יגיעו אליכם עם שליח",
    "The keys will be sent by DHL once you pay.",
    "I'll send you the keys by courier",
    "Keys by mail.",
  ];
  const no = [
    "The keys are handed over at the contract signing",
    "מסירת מפתחות במעמד החתימה",
    "I'll send you the address on WhatsApp, the neighbour has a spare key for viewings",
    "The mailbox key is included",
    "Key location: 5 minutes from the post office",
  ];
  it("warns on each positive", () => expect(label(sendsKeys, yes)).toEqual(all(yes, true)));
  it("stays quiet on each near miss", () => expect(label(sendsKeys, no)).toEqual(all(no, false)));
});

describe("linear time", () => {
  it("reads a long hostile text quickly (one sentence of 40,000 words)", () => {
    const long = `${"לפני ".repeat(20_000)}${"keys ".repeat(20_000)}${"a".repeat(100_000)}"'"'`;
    const started = performance.now();
    asksMoneyBeforeViewing(long);
    saysOwnerAbroad(long);
    sendsKeys(long);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
