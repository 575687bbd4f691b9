import { describe, expect, it } from "vitest";
import {
  addRow,
  PLACES_MAX,
  removeRow,
  renameRow,
  rowsOf,
  rowsValid,
  sameAsSaved,
  toBody,
} from "./places.ts";

// The Places editor's list: at most five, each named, and the body PATCH sends.

const saved = [{ id: "p1", name: "Work", lat: 32.08, lon: 34.78 }];

describe("the places list", () => {
  it("adds, renames and removes, and sends a kept place's id and a new one's none", () => {
    let rows = rowsOf(saved);
    expect(sameAsSaved(rows, saved)).toBe(true);
    rows = addRow(rows, { name: " School ", lat: 32.1, lon: 34.8 });
    expect(sameAsSaved(rows, saved)).toBe(false);
    rows = renameRow(rows, "p1", "Office");
    expect(toBody(rows)).toEqual([
      { id: "p1", name: "Office", lat: 32.08, lon: 34.78 },
      { name: "School", lat: 32.1, lon: 34.8 },
    ]);
    rows = removeRow(rows, "p1");
    expect(toBody(rows)).toEqual([{ name: "School", lat: 32.1, lon: 34.8 }]);
  });

  it("keeps to five places, each with a name", () => {
    let rows = rowsOf([]);
    for (let i = 0; i < PLACES_MAX + 2; i++) rows = addRow(rows, { name: `P${i}`, lat: 32, lon: 34.8 });
    expect(rows).toHaveLength(PLACES_MAX);
    expect(rowsValid(rows)).toBe(true);
    const first = rows[0]?.key ?? "";
    expect(rowsValid(renameRow(rows, first, "  "))).toBe(false);
  });
});
