import { expect, type Page, test } from "@playwright/test";
import { newAccount, signedIn } from "./accounts.ts";
import {
  allowNotifications,
  deliverPush,
  fakePushService,
  notify,
  serverHasSubscription,
  shownNotifications,
  turnOnPush,
  unreadCount,
  workerControls,
} from "./notifications.ts";

// The setup guide of /notifications: each step's Next waits for it to be satisfied, the
// subscription reaches the server, a push reaches the service worker and shows; the toggle
// reverts on failure; a refused permission opens the blocker dialog; the test form's rules.

const guide = (page: Page) => page.getByRole("region", { name: "Notification setup" });
const next = (page: Page) => guide(page).getByRole("button", { name: "Next" });
const toggle = (page: Page) => guide(page).getByLabel("Push notifications on this device");
const currentStep = (page: Page) => guide(page).locator('[aria-current="step"]');

test("steps advance with permission granted, the subscription reaches the server, a push shows", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const account = await newAccount(request, "Gal");
  const push = await fakePushService(page);
  await allowNotifications(context, baseURL as string);
  await signedIn(page, account.token);
  await page.goto("/notifications");
  await workerControls(page);

  // 0: not installed on a desktop browser — Next waits, Skip goes on.
  await expect(currentStep(page)).toContainText("Install the app");
  await expect(next(page)).toBeDisabled();
  await expect(page.getByRole("heading", { name: "All notifications" })).toHaveCount(0);
  await guide(page).getByRole("button", { name: "Skip" }).click();

  // 1: the browser context granted the permission already.
  await expect(currentStep(page)).toContainText("Allow notifications");
  await expect(guide(page).getByText("Allowed")).toBeVisible();
  await next(page).click();

  // 2: off until switched on; on, the server has this browser's subscription.
  await expect(currentStep(page)).toContainText("Turn on push");
  await expect(toggle(page)).not.toBeChecked();
  await expect(next(page)).toBeDisabled();
  await toggle(page).click({ force: true });
  await expect(toggle(page)).toBeChecked();
  await expect(next(page)).toBeEnabled();
  expect(await serverHasSubscription(request, account.token, push.endpoint)).toBe(true);
  const vapid = (await (await request.get("/api/notifications/vapid-public-key")).json()) as {
    publicKey: string;
  };
  const calls = await page.evaluate(
    () => (window as unknown as { __e2ePushCalls: unknown[] }).__e2ePushCalls,
  );
  expect(calls).toEqual([{ userVisibleOnly: true, key: vapid.publicKey.replace(/=+$/, "") }]);

  // 3: complete — collapsed, and the list shows; still so after a reload.
  await next(page).click();
  await expect(guide(page).getByRole("heading", { name: "Notifications Setup Complete" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "All notifications" })).toBeVisible();
  await expect(page.getByText("No Notifications")).toBeVisible();
  await page.reload();
  await expect(guide(page).getByRole("heading", { name: "Notifications Setup Complete" })).toBeVisible();

  // A push as the push service would bring it: the worker shows it, with where a click goes.
  await deliverPush(page, {
    title: "New flat in Florentin",
    body: "₪6,500 · 3 rooms",
    url: "/chats",
    tag: "n-e2e",
    type: "property_match",
  });
  await expect
    .poll(async () => (await shownNotifications(page)).find((n) => n.tag === "n-e2e"))
    .toMatchObject({ title: "New flat in Florentin", body: "₪6,500 · 3 rooms", data: { url: "/chats" } });

  // Reset Setup walks the guide again; switching off tells the server.
  await guide(page).getByRole("button", { name: "Reset Setup" }).click();
  await expect(currentStep(page)).toContainText("Install the app");
  await expect(page.getByRole("heading", { name: "All notifications" })).toHaveCount(0);
  await guide(page).getByRole("button", { name: "Skip" }).click();
  await next(page).click();
  await expect(toggle(page)).toBeChecked();
  await toggle(page).click({ force: true });
  await expect(toggle(page)).not.toBeChecked();
  await expect.poll(() => serverHasSubscription(request, account.token, push.endpoint)).toBe(false);
});

test("signing out ends this browser's pushes for the account", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const account = await newAccount(request, "Adi");
  const push = await fakePushService(page);
  await allowNotifications(context, baseURL as string);
  await signedIn(page, account.token);
  await turnOnPush(page);
  expect(await serverHasSubscription(request, account.token, push.endpoint)).toBe(true);
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login/);
  // The browser's session has ended: ask as the same person signed in afresh.
  const login = await request.post("/api/auth/login", {
    data: { email: account.email, password: account.password },
  });
  const { token } = (await login.json()) as { token: string };
  expect(await serverHasSubscription(request, token, push.endpoint)).toBe(false);
  expect(await page.evaluate(() => window.localStorage.getItem("e2e-push-subscription"))).toBeNull();
});

test("the subscription toggle reverts when the server refuses", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const account = await newAccount(request, "Roni");
  await fakePushService(page);
  await allowNotifications(context, baseURL as string);
  await signedIn(page, account.token);
  await page.route("**/api/notifications/subscribe", (route) =>
    route.fulfill({
      status: 503,
      contentType: "application/json",
      body: '{"message":"Service unavailable","code":"unavailable"}',
    }),
  );
  await page.goto("/notifications");
  await guide(page).getByRole("button", { name: "Skip" }).click();
  await next(page).click();
  await toggle(page).click({ force: true });
  await expect(guide(page).getByRole("alert")).toContainText("Failed to change subscription status");
  await expect(toggle(page)).not.toBeChecked();
  await expect(next(page)).toBeDisabled();
});

test("a refused permission opens 'Notifications Not Supported Here'", async ({ page, context, request }) => {
  const account = await newAccount(request, "Yael");
  await context.clearPermissions();
  await signedIn(page, account.token);
  await page.goto("/bots");
  await page.getByRole("button", { name: /^Notifications/ }).click();
  await page.getByRole("button", { name: "Enable Notifications" }).click();
  const dialog = page.getByRole("dialog", { name: "Notifications Not Supported Here" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("Notification permission was denied...");
  await dialog.getByRole("button", { name: "Got It" }).click();
  await expect(dialog).toBeHidden();

  // The guide's own button does the same.
  await page.goto("/notifications");
  await guide(page).getByRole("button", { name: "Skip" }).click();
  await guide(page).getByRole("button", { name: "Allow Notifications" }).click();
  await expect(page.getByRole("dialog", { name: "Notifications Not Supported Here" })).toBeVisible();
  await page.getByRole("button", { name: "Got It" }).click();
  await expect(next(page)).toBeDisabled();
});

test("the test form needs a title and a body, then sends", async ({ page, request }) => {
  const account = await newAccount(request, "Lior");
  await signedIn(page, account.token);
  await page.goto("/notifications");
  const form = page.getByTestId("test-form");
  await expect(form.getByRole("heading", { name: "Send Test Notification" })).toBeVisible();
  await form.getByRole("button", { name: "Send" }).click();
  await expect(form.getByRole("alert")).toHaveText("Title and body are required");
  await form.getByLabel("Title").fill("Hello");
  await form.getByRole("button", { name: "Send" }).click();
  await expect(form.getByRole("alert")).toHaveText("Title and body are required");
  await form.getByLabel("Body").fill("From the test form");
  await form.getByLabel("URL").fill("/bots");
  await form.getByRole("button", { name: "Send" }).click();
  await expect(form.getByRole("status")).toHaveText("Notification sent successfully!");
  await expect(form.getByLabel("Title")).toHaveValue("");
  await expect.poll(() => unreadCount(request, account.token)).toBe(1);
  await expect(page.getByRole("button", { name: "Notifications, 1 unread" })).toBeVisible();

  // An account sends itself 5 a minute: the sixth is refused, and the form says to wait.
  for (let i = 2; i <= 5; i++) await notify(request, account.token, { title: `Test ${i}`, body: "Body" });
  await form.getByLabel("Title").fill("Sixth");
  await form.getByLabel("Body").fill("One too many");
  await form.getByRole("button", { name: "Send" }).click();
  await expect(form.getByRole("alert")).toHaveText("Too many requests, please try again later.");
  await expect.poll(() => unreadCount(request, account.token)).toBe(5);

  await page.route("**/api/notifications/test", (route) => route.fulfill({ status: 500, body: "boom" }));
  await form.getByLabel("Title").fill("Again");
  await form.getByLabel("Body").fill("This one fails");
  await form.getByRole("button", { name: "Send" }).click();
  await expect(form.getByRole("alert")).toHaveText("Failed to send notification");
});

/** The page's own list (the bell's popover may still be fading out over it). */
const pageList = (page: Page) => page.getByRole("region", { name: "Notification list" });

test("a user who declines push finishes the guide without it, reads the list; Reset Setup brings the guide back", async ({
  page,
  context,
  request,
}) => {
  const account = await newAccount(request, "Rotem");
  await notify(request, account.token, { title: "A flat in Florentin", body: "3 rooms, ₪6,500" });
  await context.clearPermissions(); // the browser refuses when asked
  await signedIn(page, account.token);
  await page.goto("/notifications");

  // The guide says what push adds, and each step has a way on without what it asks for.
  await expect(guide(page)).toContainText(
    "Push tells you the moment a flat matches, even with Dirabot closed. Without it you see matches here and in your chats.",
  );
  await expect(page.getByRole("heading", { name: "All notifications" })).toHaveCount(0);
  await guide(page).getByRole("button", { name: "Skip" }).click();
  await guide(page).getByRole("button", { name: "Allow Notifications" }).click();
  await page
    .getByRole("dialog", { name: "Notifications Not Supported Here" })
    .getByRole("button", { name: "Got It" })
    .click();
  await expect(next(page)).toBeDisabled();
  await guide(page).getByRole("button", { name: "Continue without push" }).click();

  await expect(guide(page).getByRole("heading", { name: "Notifications Setup Complete" })).toBeVisible();
  await expect(guide(page)).toContainText("Push is off on this device.");
  await expect(page.getByRole("heading", { name: "All notifications" })).toBeVisible();
  await expect(pageList(page).getByText("A flat in Florentin")).toBeVisible();

  // Remembered on this device: the bell's View All lands on the list, and asks no more for push.
  await page.goto("/bots");
  await page.getByRole("button", { name: /^Notifications/ }).click();
  await expect(page.getByRole("button", { name: "Enable Notifications" })).toHaveCount(0);
  await page.getByRole("button", { name: "View All" }).click();
  await expect(page).toHaveURL(/\/notifications$/);
  await expect(pageList(page).getByText("A flat in Florentin")).toBeVisible();

  await guide(page).getByRole("button", { name: "Reset Setup" }).click();
  await expect(currentStep(page)).toContainText("Install the app");
  await expect(page.getByRole("heading", { name: "All notifications" })).toHaveCount(0);
  await page.reload();
  await expect(currentStep(page)).toContainText("Install the app");
  await expect(page.getByRole("heading", { name: "All notifications" })).toHaveCount(0);
});
