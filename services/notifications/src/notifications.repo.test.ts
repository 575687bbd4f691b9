import { describe, expect, it } from "vitest";
import { type NewNotification, rowsJson } from "./notifications.repo.ts";

const row = (title: string, area = "פלורנטין"): NewNotification => ({
  user_id: "u1",
  title,
  body: "ויטל 4 · 3 rooms",
  type: "property_match",
  url: "/chats/c1",
  match: { listingId: "l1", chatId: "c1", messageId: "m1", area, location: "", image: "", link: "" },
});

describe("the rows of a notifications INSERT as JSON", () => {
  it("are the rows as given, in their order, a missing match absent", () => {
    const rows = [row("New match: 🏠 Florentin"), { ...row("second"), match: undefined }];
    expect(JSON.parse(rowsJson(rows))).toEqual([rows[0], { ...rows[1], match: undefined }]);
  });

  it("carry a cut surrogate (half an emoji) as U+FFFD, as any other parameter's encoding would, and whole emoji unchanged", () => {
    const half = "🏠".slice(0, 1);
    const json = rowsJson([row(`New match: ${half}`, `${half}x`), row("🏠 whole")]);
    expect(json).not.toMatch(/\\ud[89a-f]/i); // PostgreSQL refuses such an escape
    const back = JSON.parse(json) as NewNotification[];
    expect(back[0]?.title).toBe("New match: \ufffd");
    expect(back[0]?.match?.area).toBe("\ufffdx");
    expect(back[1]?.title).toBe("🏠 whole");
  });
});
