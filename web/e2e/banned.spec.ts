import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { adminToken, newAccount, signedIn } from "./accounts.ts";

// A ban ends the user's sessions; whoever holds one is shown /banned with the reason (the server's
// 401 `banned`), not sent to sign in: from the next request of an open tab, from an idle tab whose
// socket the gateway closes, from a reload, and from a fresh sign-in.

const REASON = "Posted fake listings";

async function userId(request: APIRequestContext, token: string): Promise<string> {
  const me = await request.get("/api/users/me", { headers: { authorization: `Bearer ${token}` } });
  return ((await me.json()) as { user: { _id: string } }).user._id;
}

async function ban(request: APIRequestContext, id: string, isBanned: boolean) {
  const r = await request.patch(`/api/users/${id}`, {
    headers: { authorization: `Bearer ${await adminToken(request)}` },
    data: { isBanned, bannedReason: isBanned ? REASON : "" },
  });
  expect(r.status(), await r.text()).toBe(200);
}

async function expectBannedPage(page: Page) {
  await expect(page).toHaveURL(/\/banned$/);
  await expect(page.getByRole("heading", { name: "Your account has been banned" })).toBeVisible();
  await expect(page.getByText(REASON)).toBeVisible();
}

test("an open tab whose session a ban ended lands on /banned with the reason, and stays there", async ({
  page,
  request,
}) => {
  const account = await newAccount(request);
  const id = await userId(request, account.token);
  await signedIn(page, account.token);
  // A tab whose socket cannot connect (the network refuses it: socket.io keeps trying, nobody is
  // signed out) learns of the ban from its next request; a connected one would at once.
  await page.route("**/socket.io/**", (route) => route.abort());
  await page.goto("/notifications");
  const form = page.getByTestId("test-form");
  await form.getByLabel("Title").fill("Still here?");
  await form.getByLabel("Body").fill("Sent after the ban");

  await ban(request, id, true);
  // The tab's next request (the test form's send) is answered 401 banned.
  const refused = page.waitForResponse((r) => r.url().includes("/api/") && r.status() === 401);
  await form.getByRole("button", { name: "Send" }).click();
  expect(await (await refused).json()).toMatchObject({ code: "banned", bannedReason: REASON });
  await expectBannedPage(page);

  // A reload asks again and hears the same: no trip to sign in, no loop.
  await page.reload();
  await expectBannedPage(page);
  await page.waitForTimeout(1000);
  await expect(page).toHaveURL(/\/banned$/);

  // Signing out leaves for sign-in, and the dead token goes with it.
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => window.localStorage.getItem("authToken"))).toBeNull();
});

/** Opens `path` and waits until the tab's socket is up (upgraded to a websocket, so connected). */
async function openWithSocket(page: Page, path: string) {
  const ws = page.waitForEvent("websocket", (w) => w.url().includes("/socket.io/"));
  await page.goto(path);
  await (await ws).waitForEvent("framereceived", (f) => f.payload === "3probe");
}

test("an idle tab lands on /banned with the reason as soon as the ban closes its socket, without a click", async ({
  page,
  request,
}) => {
  const account = await newAccount(request);
  const id = await userId(request, account.token);
  await signedIn(page, account.token);
  await openWithSocket(page, "/bots");
  await expect(page.getByRole("heading", { name: "My Bots" })).toBeVisible();

  await ban(request, id, true);
  await expectBannedPage(page);
});

test("an idle tab whose session ended elsewhere goes to sign in", async ({ page, request }) => {
  const account = await newAccount(request);
  await signedIn(page, account.token);
  await openWithSocket(page, "/bots");
  await expect(page.getByRole("heading", { name: "My Bots" })).toBeVisible();

  // The same session logged out from another window: the gateway closes this tab's socket.
  const out = await request.post("/api/auth/logout", {
    headers: { authorization: `Bearer ${account.token}` },
  });
  expect(out.ok(), await out.text()).toBe(true);
  await expect(page).toHaveURL(/\/login$/);
});

test("the banned user signing in afresh lands on /banned; after the ban is lifted, on the bots", async ({
  page,
  request,
}) => {
  const account = await newAccount(request);
  const id = await userId(request, account.token);
  await ban(request, id, true);

  const signIn = async () => {
    await page.goto("/login");
    await page.getByLabel("Username").fill(account.email);
    await page.getByLabel("Password", { exact: true }).fill(account.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
  };
  await signIn();
  await expectBannedPage(page);

  await ban(request, id, false);
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn();
  await expect(page).toHaveURL(/\/bots$/);
});
