import { expect, test } from "@playwright/test";
import { adminToken, newAccount, signedIn } from "./accounts.ts";
import { createBot } from "./bots.ts";

// Who sees which bots: a user only their own on /bots, an admin everyone's on /admin/bots.

test("an admin sees another user's bot on /admin/bots; another user never sees it", async ({
  page,
  request,
  browser,
}) => {
  const owner = await newAccount(request, "Owner");
  const name = `Owner bot ${Date.now()}`;
  await createBot(request, owner.token, name);

  const other = await newAccount(request, "Other");
  await signedIn(page, other.token);
  await page.goto("/bots");
  await expect(page.getByText("No bots found")).toBeVisible();
  await expect(page.getByText(name)).toBeHidden();
  await page.goto("/admin/bots");
  await expect(page).not.toHaveURL(/\/admin\/bots$/);

  const context = await browser.newContext();
  const adminPage = await context.newPage();
  await signedIn(adminPage, await adminToken(request));
  await adminPage.goto("/admin/bots");
  await expect(adminPage.getByRole("heading", { name: "All Bots" })).toBeVisible();
  const card = adminPage.getByTestId("bot-card").filter({ hasText: name });
  await expect(card).toBeVisible();
  await expect(card.getByText(`User: Owner ${owner.lastname}`)).toBeVisible();
  await card.click();
  await expect(adminPage.getByRole("dialog", { name: "Bot Settings" }).getByLabel("Chat Name")).toHaveValue(
    name,
  );
  await context.close();
});
