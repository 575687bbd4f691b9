import { expect, test } from "@playwright/test";
import { newAccount, signedIn } from "./accounts.ts";
import {
  allowNotifications,
  deliverPush,
  fakePushService,
  pushesReceived,
  pushServiceSubscription,
  shownNotifications,
  turnOnPush,
} from "./notifications.ts";

// The whole way of a push: the browser subscribes on /notifications, the test form sends,
// the server encrypts and signs a push to the browser's push service — the local receiver standing
// in for FCM, which decrypts it as the browser would — and that payload, handed to the service
// worker as the push service hands it to Chromium, is shown with where a click goes.

test("a test notification reaches the service worker through the push service and shows", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const account = await newAccount(request, "Avi");
  const browser = await pushServiceSubscription();
  await fakePushService(page, browser);
  await allowNotifications(context, baseURL as string);
  await signedIn(page, account.token);
  await turnOnPush(page);

  const form = page.getByTestId("test-form");
  await form.getByLabel("Title").fill("Push from the form");
  await form.getByLabel("Body").fill("Through the push service and back");
  await form.getByLabel("URL").fill("/bots");
  await form.getByRole("button", { name: "Send" }).click();
  await expect(form.getByRole("status")).toHaveText("Notification sent successfully!");

  await expect.poll(async () => (await pushesReceived(browser.id)).length, { timeout: 20_000 }).toBe(1);
  const [payload] = await pushesReceived(browser.id);
  expect(payload).toMatchObject({
    title: "Push from the form",
    body: "Through the push service and back",
    url: "/bots",
    type: "system",
  });

  await deliverPush(page, payload as Record<string, unknown>);
  await expect
    .poll(async () => (await shownNotifications(page)).find((n) => n.title === "Push from the form"), {
      timeout: 20_000,
    })
    .toMatchObject({ body: "Through the push service and back", tag: payload?.tag, data: { url: "/bots" } });
});
