import { describe, expect, it } from "vitest";
import { postFacts } from "./facts.ts";

describe("postFacts: the facts renters filter on, as a post states them", () => {
  it('reads each fact in Hebrew, with the prefixes that glue on and every spelling of ממ"ד', () => {
    expect(postFacts('דירת 3 חדרים עם ממ"ד, חניה ומעלית, מרפסת שמש')).toEqual({
      safeRoom: true,
      parking: true,
      elevator: true,
      balcony: true,
    });
    expect(postFacts("ממ״ד גדול וחנייה בטאבו")).toEqual({ safeRoom: true, parking: true });
    expect(postFacts("יש ממד ומרחב מוגן קומתי")).toEqual({ safeRoom: true });
    expect(postFacts("מרוהטת קומפלט, מזגנים בכל החדרים, נגישה לנכים, מותר חיות מחמד")).toEqual({
      furnished: true,
      airConditioning: true,
      accessible: true,
      pets: true,
    });
    expect(postFacts("דירה ממוזגת, מתאים לבעלי חיים")).toEqual({ airConditioning: true, pets: true });
  });

  it("reads each fact in English", () => {
    expect(
      postFacts(
        "Furnished flat with a safe room and parking, elevator, balcony, pets allowed, A/C, wheelchair accessible",
      ),
    ).toEqual({
      furnished: true,
      safeRoom: true,
      parking: true,
      elevator: true,
      balcony: true,
      pets: true,
      airConditioning: true,
      accessible: true,
    });
    expect(postFacts("Mamad, lift and air conditioning")).toEqual({
      safeRoom: true,
      elevator: true,
      airConditioning: true,
    });
  });

  it("a negation makes a fact false: before it, as a label's answer, or glued on", () => {
    expect(postFacts("ללא מעלית, אין חניה, בלי חיות מחמד, לא מרוהטת")).toEqual({
      elevator: false,
      parking: false,
      pets: false,
      furnished: false,
    });
    expect(postFacts("חיות מחמד - לא. חניה: אין")).toEqual({ pets: false, parking: false });
    expect(postFacts("No parking, without elevator, unfurnished, pets not allowed")).toEqual({
      parking: false,
      elevator: false,
      furnished: false,
      pets: false,
    });
    expect(postFacts("parking: no")).toEqual({ parking: false });
    // A "no" that belongs to the next fact does not reach back.
    expect(postFacts("safe room and parking, no elevator")).toEqual({
      safeRoom: true,
      parking: true,
      elevator: false,
    });
    // A negation anywhere wins: a must-have is never granted on doubt.
    expect(postFacts("חניה בשפע ברחוב, ללא חניה פרטית")).toEqual({ parking: false });
  });

  it("what a post does not state stays unknown (absent), never false", () => {
    expect(postFacts("דירת 2 חדרים בפלורנטין, 5500 ₪, כניסה מיידית")).toEqual({});
    expect(postFacts("Lovely 2BR in Florentin, 5500 NIS")).toEqual({});
    // Words that only contain a fact's letters are not it.
    expect(postFacts("מעליתת liftoff carpets")).toEqual({});
    expect(postFacts("דירה לא משופצת עם מעלית")).toEqual({ elevator: true });
  });

  it("runs in linear time on adversarial input", () => {
    for (const unit of ["ללא ", "no ", 'ממ"ד ', "- ", "un", "a/c "]) {
      const small = unit.repeat(2_000);
      const big = unit.repeat(40_000);
      const t0 = performance.now();
      postFacts(small);
      const t1 = performance.now();
      postFacts(big);
      const t2 = performance.now();
      // 20× the input: far under 20² the time (a quadratic pattern takes minutes here).
      expect(t2 - t1, unit).toBeLessThan(Math.max(200, (t1 - t0) * 20 * 8));
    }
  });
});
