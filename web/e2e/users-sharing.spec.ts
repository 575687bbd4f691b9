import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { type Account, adminToken, hebrewAdminToken, newAccount, signedIn } from "./accounts.ts";
import { createBot } from "./bots.ts";
import { expectNoSideways, SIZES, shotsDir, showAt, THEMES } from "./shots.ts";

// The admin users screen shows sharing in a user's edit dialog: the bots they share and with
// whom, the bots shared with them and whose. In English and in Hebrew (right to left), at both
// widths in both themes.

test.describe.configure({ timeout: 150_000 });

const shot = shotsDir("users-sharing");

/** Yossi's bot shared with Dana, through the product's own invite and accept. */
async function sharedBot(request: APIRequestContext) {
  const owner = await newAccount(request, "Yossi");
  const member = await newAccount(request, "Dana");
  const bot = await createBot(request, owner.token, "Our flat");
  const invite = await request.post(`/api/requests/${bot._id}/invites`, {
    headers: { authorization: `Bearer ${owner.token}` },
    data: {},
  });
  expect(invite.status()).toBe(201);
  const { token } = (await invite.json()) as { token: string };
  const accepted = await request.post(`/api/invites/${token}/accept`, {
    headers: { authorization: `Bearer ${member.token}` },
  });
  expect(accepted.status()).toBe(200);
  return { owner, member };
}

const fullname = (a: Account) => `${a.firstname} ${a.lastname}`;

/** Opens the edit dialog of the user with this e-mail from the admin users table. */
async function openSharing(
  page: Page,
  email: string,
  words: { search: string; actions: RegExp; edit: string },
) {
  await page.getByRole("searchbox", { name: words.search }).fill(email);
  const row = page.getByRole("row", { name: new RegExp(email) });
  await row.getByRole("button", { name: words.actions }).click();
  await page.getByRole("menuitem", { name: words.edit }).click();
  return page.getByRole("dialog");
}

async function shots(page: Page, email: string, words: Parameters<typeof openSharing>[2], name: string) {
  for (const theme of THEMES)
    for (const size of SIZES) {
      await showAt(page, "/admin/user", theme, size);
      const dialog = await openSharing(page, email, words);
      await expect(dialog.getByRole("region").getByRole("listitem")).not.toHaveCount(0);
      await expectNoSideways(page);
      await page.screenshot({ path: shot(`${name}-${theme}-${size[0]}.png`) });
    }
}

test("admin users: the edit dialog says who shares which bot", async ({ page, request }) => {
  const { owner, member } = await sharedBot(request);
  await signedIn(page, await adminToken(request));
  await page.goto("/admin/user");
  const words = { search: "Search user", actions: /Actions for/, edit: "Edit" };

  let dialog = await openSharing(page, owner.email, words);
  const ofOwner = dialog.getByRole("region", { name: "Sharing" });
  await expect(ofOwner.getByRole("listitem")).toHaveText([`Our flat · shared with 1: ${fullname(member)}`]);
  await dialog.getByRole("button", { name: "Cancel" }).click();

  dialog = await openSharing(page, member.email, words);
  const ofMember = dialog.getByRole("region", { name: "Sharing" });
  await expect(ofMember.getByRole("listitem")).toHaveText([
    `Member of Our flat — owned by ${fullname(owner)}`,
  ]);
  await dialog.getByRole("button", { name: "Cancel" }).click();

  // Someone who shares nothing.
  const lone = await newAccount(request, "Avi");
  dialog = await openSharing(page, lone.email, words);
  await expect(dialog.getByRole("region", { name: "Sharing" })).toHaveText("No shared bots");
  await dialog.getByRole("button", { name: "Cancel" }).click();

  await shots(page, owner.email, words, "owner-en");
  await shots(page, member.email, words, "member-en");
});

test.describe("in Hebrew", () => {
  test.use({ locale: "he-IL" });

  test("admin users in Hebrew: sharing right to left, Latin names kept whole", async ({ page, request }) => {
    const { owner, member } = await sharedBot(request);
    await signedIn(page, await hebrewAdminToken(request));
    await page.goto("/admin/user");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    const words = { search: "חיפוש משתמש", actions: /^פעולות עבור/, edit: "עריכה" };

    const dialog = await openSharing(page, member.email, words);
    const ofMember = dialog.getByRole("region", { name: "שיתוף" });
    await expect(ofMember.getByRole("listitem")).toHaveText([
      `חברות בבוט Our flat — בבעלות ${fullname(owner)}`,
    ]);
    // Right to left: the bot's name comes first, at the right; the owner's, an isolate, after it.
    const bot = await ofMember.locator("bdi").filter({ hasText: "Our flat" }).boundingBox();
    const name = await ofMember
      .locator("bdi")
      .filter({ hasText: fullname(owner) })
      .boundingBox();
    expect(bot && name && name.x + name.width <= bot.x + 1).toBe(true);
    await dialog.getByRole("button", { name: "ביטול" }).click();

    await shots(page, owner.email, words, "owner-he");
    await shots(page, member.email, words, "member-he");
  });
});
