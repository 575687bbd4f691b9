import { expect, test } from "@playwright/test";
import { adminToken, newAccount, signedIn } from "./accounts.ts";

// The accounts screens against the real identity service through the gateway.

test("registering signs the visitor in: /redirect, then the bots page inside the layout", async ({
  page,
}) => {
  await page.goto("/register");
  await page.getByLabel("First name").fill("Noa");
  await page.getByLabel("Last name").fill("Peretz");
  const email = `e2e-reg-${Date.now()}@example.com`;
  await page.getByLabel("Username").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("secret-pass");
  await page.getByLabel("Verify password").fill("secret-pass");
  await page.getByRole("button", { name: "Register" }).click();

  await expect(page).toHaveURL(/\/redirect$/);
  await expect(page.getByText("You are logged in :)")).toBeVisible();
  await expect(page).toHaveURL(/\/bots$/, { timeout: 10_000 });
  await expect(page.getByRole("heading", { name: "My Bots" })).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Bots" })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByText("Admin Tools")).toBeHidden();
  expect(await page.evaluate(() => window.localStorage.getItem("authToken"))).toBeTruthy();
});

test("registering an email twice shows the server's message", async ({ page, request }) => {
  const account = await newAccount(request);
  await page.goto("/register");
  await page.getByLabel("First name").fill("Dana");
  await page.getByLabel("Last name").fill("Again");
  await page.getByLabel("Username").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill("secret-pass");
  await page.getByLabel("Verify password").fill("secret-pass");
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page.getByRole("alert")).toHaveText("An account with this email already exists");
});

test("a wrong password shows the server's message and stays on sign in", async ({ page, request }) => {
  const account = await newAccount(request);
  await page.goto("/login");
  await page.getByLabel("Username").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill("not-the-password");
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
  await expect(page).toHaveURL(/\/login$/);
});

test("a deep link sends a visitor to sign in, and back there afterwards", async ({ page, request }) => {
  const account = await newAccount(request);
  await page.goto("/properties");
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel("Username").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/properties$/);
  await expect(page.getByRole("link", { name: "Properties" })).toHaveAttribute("aria-current", "page");
});

test("a user who is not an admin is sent home from the admin pages", async ({ page, request }) => {
  const account = await newAccount(request);
  await signedIn(page, account.token);
  await page.goto("/admin/dashboard");
  await expect(page).toHaveURL(/\/bots$/);
  await expect(page.getByText(account.email)).toBeVisible();
});

test("profile: Save is off until something changes, then says Saved!", async ({ page, request }) => {
  const account = await newAccount(request);
  await signedIn(page, account.token);
  await page.goto("/profile");
  const save = page.getByRole("button", { name: "Save", exact: true });
  await expect(save).toBeDisabled();

  await page.getByLabel("Avatar 7", { exact: true }).check({ force: true });
  await page.getByLabel("First name").fill("Yael");
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText("Saved!")).toBeVisible();
  await expect(save).toBeDisabled();
  // The side nav shows the saved name and face, and a reload keeps them.
  await page.reload();
  await expect(page.getByLabel("First name")).toHaveValue("Yael");
  await expect(page.getByLabel("Avatar 7", { exact: true })).toBeChecked();
});

test("the account menu's Profile edits the name; Logout ends the session", async ({ page, request }) => {
  const account = await newAccount(request);
  await signedIn(page, account.token);
  await page.goto("/bots");
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Profile" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByLabel("Name")).toHaveValue(`${account.firstname} ${account.lastname}`);
  await expect(dialog.getByText("Roles")).toBeHidden();
  await dialog.getByLabel("Name").fill("Avi Ben David");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("complementary").getByText("Avi Ben David")).toBeVisible();

  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => window.localStorage.getItem("authToken"))).toBeNull();
  await page.goto("/bots");
  await expect(page).toHaveURL(/\/login$/);
});

test("admin users: search, Not found, edit and delete", async ({ page, request }) => {
  const target = await newAccount(request, "Zohar");
  await signedIn(page, await adminToken(request));
  await page.goto("/admin/user");
  await expect(page.getByRole("heading", { name: "Users" })).toBeVisible();
  await expect(page.getByText("Admin Tools")).toBeVisible();

  const search = page.getByRole("searchbox", { name: "Search user" });
  await search.fill("no-such-user-anywhere");
  await expect(page.getByText("Not found")).toBeVisible();

  await search.fill(target.email);
  const row = page.getByRole("row", { name: new RegExp(target.email) });
  await expect(row).toBeVisible();
  await row.getByRole("button", { name: /Actions for/ }).click();
  await page.getByRole("menuitem", { name: "Edit" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByText("Banned", { exact: true }).click();
  await dialog.getByLabel("Ban Reason").fill("Spam");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByText("Banned")).toBeVisible();

  await row.getByRole("button", { name: /Actions for/ }).click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  const alert = page.getByRole("alertdialog");
  await expect(alert.getByText(`Are you sure you want to delete Zohar ${target.lastname}?`)).toBeVisible();
  await alert.getByRole("button", { name: "DELETE" }).click();
  await expect(page.getByText("Not found")).toBeVisible();
});

test("a banned user sees the banned page with the reason", async ({ page, request }) => {
  const account = await newAccount(request);
  const token = await adminToken(request);
  const me = await request.get("/api/users/me", { headers: { Authorization: `Bearer ${account.token}` } });
  const { user } = (await me.json()) as { user: { _id: string } };
  const ban = await request.patch(`/api/users/${user._id}`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { isBanned: true, bannedReason: "Too many bots" },
  });
  expect(ban.ok()).toBe(true);

  await page.goto("/login");
  await page.getByLabel("Username").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/banned$/);
  await expect(page.getByText("Too many bots")).toBeVisible();
  await expect(page.getByRole("button", { name: "Contact administrator" })).toHaveAttribute(
    "href",
    /^mailto:/,
  );
});

test("the layout's measures: a 280 px side nav and an 80 px top bar on a large screen", async ({
  page,
  request,
}) => {
  const account = await newAccount(request);
  await signedIn(page, account.token);
  await page.goto("/profile");
  await expect(page.getByRole("heading", { name: "Profile" })).toBeVisible();
  expect((await page.getByRole("complementary").boundingBox())?.width).toBe(280);
  expect((await page.getByRole("banner").boundingBox())?.height).toBe(80);
  await expect(page.getByRole("combobox", { name: "Language" })).toBeEnabled();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the side nav is a drawer behind the menu button", async ({ page, request }) => {
    const account = await newAccount(request);
    await signedIn(page, account.token);
    await page.goto("/bots");
    await expect(page.getByRole("button", { name: "Open menu" })).toBeVisible();
    expect((await page.getByRole("banner").boundingBox())?.height).toBe(64);
    await expect(page.getByRole("link", { name: "Chats" })).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("link", { name: "Chats" }).click();
    await expect(page).toHaveURL(/\/chats$/);
    await expect(page.getByRole("link", { name: "Chats" })).toBeHidden();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test("a session ended elsewhere sends the user to sign in at the next call", async ({ page, request }) => {
  const account = await newAccount(request);
  await signedIn(page, account.token);
  await page.goto("/profile");
  await expect(page.getByLabel("First name")).toHaveValue(account.firstname);

  // The same session is logged out from another tab or device.
  const logout = await request.post("/api/auth/logout", {
    headers: { Authorization: `Bearer ${account.token}` },
  });
  expect(logout.ok()).toBe(true);

  // The next call sends the user to sign in: the Save, unless a background call of the page (a
  // refetch, the chat list) got there first and the form is already gone — on a slow machine it may.
  await page
    .getByLabel("First name")
    .fill("Later", { timeout: 3_000 })
    .then(() => page.getByRole("button", { name: "Save", exact: true }).click({ timeout: 3_000 }))
    .catch(() => undefined);
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => window.localStorage.getItem("authToken"))).toBeNull();
});
