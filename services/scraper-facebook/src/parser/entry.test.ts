import { describe, expect, it } from "vitest";
import { parsePost } from "./index.ts";

const NOW = { postedAt: new Date("2026-11-15T10:00:00Z") };
/** An offer around the phrase, so the post is read as a flat (not-offers carry no date). */
const offer = (phrase: string) => `להשכרה דירת 2 חדרים בפלורנטין, 5,000 ש"ח. ${phrase}. 050-5551234`;
/** [parse:post's entryDate (FIELDS.md), the listing's entry] for a post of 15 November 2026. */
const both = (text: string, postedAt = NOW) => {
  const p = parsePost(text, postedAt);
  return [p.entryDate, p.entry];
};

describe("entry dates: a day the post gives is the same in both outputs", () => {
  it.each([
    ["כניסה ב-1.3", "2027-03-01"],
    ["כניסה 1.12", "2026-12-01"],
    ["כניסה: 15/12", "2026-12-15"],
    ["מ-15/8", "2027-08-15"],
    ["מ15.8", "2027-08-15"],
    ["פנויה מ-1.12", "2026-12-01"],
    ["פנוי החל מה-10.1", "2027-01-10"],
    ["החל מה-10.10.27", "2027-10-10"],
    ["כניסה: 01/01/2027", "2027-01-01"],
    ["תאריך כניסה - 28/11", "2026-11-28"],
    ["כניסה ב 1.11", "2026-11-01"], // 14 days before the post: this 1 November
    ["כניסה ב-1 בינואר", "2027-01-01"],
    ["פנויה מה-1 לדצמבר", "2026-12-01"],
    ["כניסה 1 דצמבר", "2026-12-01"],
    ["מועד כניסה: 15 למרץ", "2027-03-15"],
    ["פינוי ב1/1", "2027-01-01"],
    ["Entry: December 1st", "2026-12-01"],
    ["available from Jan 1", "2027-01-01"],
    ["Move in: Nov 20th", "2026-11-20"],
    ["Nov 30 Entrance", "2026-11-30"],
    ["Entry 1.2.2027", "2027-02-01"],
    ["заезд с 1.12", "2026-12-01"],
    ["свободна с 15 декабря", "2026-12-15"],
    ["с 1 января", "2027-01-01"],
    ["Возможен заезд с 1 января", "2027-01-01"],
    ["אפשר להיכנס כבר ב-20.11", "2026-11-20"],
    ["כניסה 1.12, חוזה עד 30.11.27", "2026-12-01"],
  ])("%s → %s", (phrase, date) => expect(both(offer(phrase))).toEqual([date, date]));

  it("takes a sublet's dates from their first day", () => {
    expect(both('סאבלט בפלורנטין 13.12-20.12, 2 חדרים, 3,000 ש"ח')).toEqual(["2026-12-13", "2026-12-13"]);
    expect(both('מסבלט את החדר שלי 24-31.12, 2,000 ש"ח')).toEqual(["2026-12-24", "2026-12-24"]);
  });
});

describe("entry dates: immediate is the listing's, null for parse:post", () => {
  it.each([
    "כניסה מיידית",
    "כניסה מידית",
    "כניסה: מיידי",
    "כניסה-מיידי",
    "לכניסה מיידית",
    "פנויה מיד",
    "זמינה לכניסה מיידית לטווח ארוך",
    "לאכלוס מידי",
    "אפשרות לכניסה במיידי",
    "כניסה מהיום",
    "Available immediately",
    "available now",
    "Entrance Date: immediate",
    "Immediate entry",
    "заезд сразу",
  ])("%s", (phrase) => expect(both(offer(phrase))).toEqual([null, "immediate"]));
});

describe("entry dates: a month after an entry word is the listing's first of that month", () => {
  it.each([
    ["החל מאוגוסט", "2027-08-01"],
    ["כניסה בנובמבר", "2026-11-01"], // the post's own month counts: this November
    ["כניסה בינואר", "2027-01-01"],
    ["כניסה בתחילת ינואר", "2027-01-01"],
    ["כניסה מתחילת ינואר", "2027-01-01"],
    ["כניסה: תחילת דצמבר", "2026-12-01"],
    ["כניסה מרץ 2027", "2027-03-01"],
    ["כניסה במרץ", "2027-03-01"],
    ["פנויה מחודש פברואר", "2027-02-01"],
    ["כניסה החל מחודש מאי", "2027-05-01"],
    ["מתפנה בדצמבר", "2026-12-01"],
    ["תאריך כניסה 10.2027", "2027-10-01"],
    ["Available from August", "2027-08-01"],
    ["Entry: beginning of December", "2026-12-01"],
    ["move in early March", "2027-03-01"],
    ["available in February 2027", "2027-02-01"],
    ["available from May", "2027-05-01"],
    ["Entry: May", "2027-05-01"],
    ["заезд с декабря", "2026-12-01"],
    ["свободна с начала января", "2027-01-01"],
    ["ההשכרה לשנה החל מינואר 2027", "2027-01-01"],
    ["חוזה עד 1.8, כניסה בינואר", "2027-01-01"],
    ["Available for 3 months from December", "2026-12-01"],
  ])("%s → %s", (phrase, date) => expect(both(offer(phrase))).toEqual([null, date]));

  it("resolves the month from the post's time, not the time of the run", () => {
    const text = offer("כניסה בינואר");
    expect(both(text, { postedAt: new Date("2021-10-01T09:00:00Z") })).toEqual([null, "2022-01-01"]);
    expect(both(text, { postedAt: new Date("2026-01-20T09:00:00Z") })).toEqual([null, "2026-01-01"]);
  });
});

describe("entry dates: a sublet's month or range is the listing's first day", () => {
  it.each([
    ["סאבלט חודש דצמבר - דירת 3 חד' בבבלי, 9,000 ₪", "2026-12-01"],
    ["מסבלטת את הדירה שלי בשכונת התקווה לחודש ינואר, 4,500 ₪", "2027-01-01"],
    ["מסבלט מנובמבר עד סוף ינואר את הדירה, 3 חדרים, 15,000 לחודש", "2026-11-01"],
    ["Sublet, from January to the end of March, 3 rooms, 9,000 NIS", "2027-01-01"],
    ['סאבלט 25-30 לדצמבר, 2 חדרים, 3,000 ש"ח', "2026-12-25"],
    ["Sublet December 20-27, 2 rooms, 3,000 NIS", "2026-12-20"],
    ["Sublet 20-27 December, 2 rooms, 3,000 NIS", "2026-12-20"],
  ])("%s → %s", (text, date) => expect(both(text)).toEqual([null, date]));
});

describe("entry dates: unclear stays null in both", () => {
  it.each([
    "כניסה באמצע דצמבר",
    "כניסה בסוף דצמבר",
    "כניסה באמצע-סוף דצמבר",
    "כניסה גמישה",
    "כניסה בסביבות אמצע החודש",
    "Available mid December",
    "Entry: end of January",
    "flexible entry",
    "חוזה עד אוגוסט",
    "חוזה עד 31.7",
    "מראים את הדירה ב-20/11",
    "מראים ביום שישי 20-21 לנובמבר",
    "החוזה עד חודש מאי",
    "ועד בית 200 לחודש",
    "מחיר ירד מ-5.5 אלף",
    "5 minutes from the market",
    "Parking available may be rented apart",
    "available to view Nov 20",
    "זמינה לסיור ב-20.11",
    "ירד מ-5.5 ל-5",
    "זמינה מאמצע ינואר",
    "פנויה מסוף דצמבר",
    "הדירה תתפנה בסוף ינואר",
    "הדירה פנויה לכניסה בחודש הבא",
    "כניסה: 31.2",
  ])("%s", (phrase) => expect(both(offer(phrase))).toEqual([null, null]));

  it("prefers a day the post gives over a month it also names", () => {
    expect(both(offer("סאבלט לחודשיים (דצמבר-ינואר), כניסה 10.12"))).toEqual(["2026-12-10", "2026-12-10"]);
    expect(both(offer("כניסה בתחילת דצמבר, מראים ב-20-21 לנובמבר"))).toEqual([null, "2026-12-01"]);
  });

  it("gives a not-offer no date", () => {
    expect(both("מחפשת דירת 2 חדרים בפלורנטין, כניסה בינואר")).toEqual([null, null]);
  });
});
