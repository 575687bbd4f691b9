import { exampleBot } from "@dirabot/api";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, describe, expect, it } from "vitest";
import { i18n } from "../../i18n/index.ts";
import type { Bot } from "./api.ts";
import { BotCard } from "./BotCard.tsx";

// A bot card as its owner, a member of the shared bot and an admin see it: who shares it, and
// only the controls each may use.

const owner = { _id: "u-owner", firstname: "Avi", lastname: "Cohen", fullname: "Avi Cohen", email: "a@x.io" };
const shared: Bot = { ...exampleBot, createdBy: owner, memberIds: ["u-member"] };
const none = () => undefined;
const draw = (bot: Bot, me?: string) =>
  renderToStaticMarkup(
    <BotCard bot={bot} onEdit={none} onDelete={none} onChooseAreas={none} onShare={none} me={me} />,
  );

describe("a shared bot's card", () => {
  afterAll(() => i18n.changeLanguage("en"));

  it("tells its owner whom it is shared with, with Share, Edit and Delete", () => {
    const html = draw(shared, "u-owner");
    expect(html).toContain("Shared with 1");
    for (const label of ["Share", "Edit Bot", "Delete Bot"]) expect(html).toContain(`aria-label="${label}"`);
  });

  it("shows a member that it is shared with them, without Delete, and Edit only when the owner allows", () => {
    const html = draw(shared, "u-member");
    expect(html).toContain("Shared with you");
    expect(html).toContain('aria-label="Members"');
    expect(html).not.toContain('aria-label="Delete Bot"');
    expect(html).not.toContain('aria-label="Edit Bot"');
    expect(draw({ ...shared, membersMayEdit: true }, "u-member")).toContain('aria-label="Edit Bot"');
  });

  it("offers an admin the members of a shared bot only", () => {
    expect(draw(shared)).toContain('aria-label="Members"');
    expect(draw({ ...shared, memberIds: [] })).not.toContain('aria-label="Members"');
  });

  it("says it in Hebrew", async () => {
    await i18n.changeLanguage("he");
    expect(draw(shared, "u-member")).toContain("משותף איתך");
    expect(draw(shared, "u-owner")).toContain("משותף עם 1");
  });
});
