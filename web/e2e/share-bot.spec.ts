import { type Browser, expect, type Page, test } from "@playwright/test";
import { type Account, newAccount, signedIn } from "./accounts.ts";
import { ingestListing, matchingBot, uniquePrice } from "./chats.ts";
import { expectNoSideways, SIZES, shotsDir, showAt, THEMES } from "./shots.ts";

// A household shares a bot: the owner makes an invite link in Share, another person opens it,
// signs in and lands in the shared chat; a match arrives in both people's open chats live; the
// owner removes the member, whose open page loses the chat at once.

const shot = shotsDir("share-bot");

async function pageFor(browser: Browser, account?: Account, locale = "en-US"): Promise<Page> {
  const context = await browser.newContext({ locale });
  const page = await context.newPage();
  if (account) await signedIn(page, account.token);
  return page;
}

/** The owner's invite link, made in the bot card's Share dialog (left open). */
async function makeLink(page: Page, name: RegExp | string): Promise<string> {
  await page.goto("/bots");
  await page.getByTestId("bot-card").filter({ hasText: name }).getByTestId("bot-share").click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: /Make an invite link|יצירת קישור הזמנה/ }).click();
  const link = dialog.getByTestId("share-link");
  await expect(link).toHaveValue(/\/invite\/[\w-]{32}$/);
  return link.inputValue();
}

test("two people share a bot: the match reaches both live, and removal takes the chat away at once", async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const [avi, bella] = [await newAccount(request, "Avi"), await newAccount(request, "Bella")];
  const price = uniquePrice();
  const bot = await matchingBot(request, avi.token, "Our flat", price);
  const owner = await pageFor(browser, avi);
  const url = await makeLink(owner, "Our flat");
  await expect(owner.getByRole("dialog").getByTestId("share-member")).toHaveText([/Avi.*Owner/]);

  // Bella opens the link signed out, is asked to sign in, and comes back to accept it.
  const member = await pageFor(browser);
  await member.goto(new URL(url).pathname);
  await expect(member.getByRole("heading", { name: "You're invited to search together" })).toBeVisible();
  await member.getByRole("button", { name: "Sign in" }).click();
  await member.getByLabel("Username").fill(bella.email);
  await member.getByLabel("Password", { exact: true }).fill(bella.password);
  await member.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(member).toHaveURL(new RegExp(`/chats/${bot.chatId}$`));
  await expect(member.getByTestId("chat-title")).toHaveText("Our flat");
  await expect(member.getByText("Shared by 2 people")).toBeVisible();

  // The same link is spent: a second use is refused in words.
  const carmi = await newAccount(request, "Carmi");
  const third = await pageFor(browser, carmi);
  await third.goto(new URL(url).pathname);
  await expect(third.getByText("This invite link was used already. Ask for a new one.")).toBeVisible();

  // Both have the chat open; a match arrives for both, live.
  await owner.goto(`/chats/${bot.chatId}`);
  await expect(owner.getByTestId("chat-title")).toHaveText("Our flat");
  await ingestListing(baseURL as string, price);
  await expect(owner.getByTestId("asset-card")).toHaveCount(1, { timeout: 30_000 });
  await expect(member.getByTestId("asset-card")).toHaveCount(1, { timeout: 30_000 });

  // Bella votes 👍 with a note; Avi's open page shows it at once, with her name.
  const card = (p: Page) => p.getByTestId("chat-message").filter({ has: p.getByTestId("asset-card") });
  await card(member).getByTestId("vote-up").click();
  await card(member).getByRole("button", { name: "Add a note" }).click();
  await card(member).getByRole("textbox", { name: "Your note on this flat" }).fill("Near the park");
  await card(member).getByRole("button", { name: "Save" }).click();
  await expect(card(owner).getByTestId("vote-up")).toHaveText(/1/);
  await expect(card(owner).getByTestId("vote")).toHaveText(/Bella.*Near the park/);

  // The member sees the shared bot with the owner's controls hidden.
  const memberBots = await pageFor(browser, bella);
  await memberBots.goto("/bots");
  const botCard = memberBots.getByTestId("bot-card");
  await expect(botCard).toHaveCount(1);
  await expect(botCard.getByTestId("bot-shared")).toHaveText("Shared with you");
  await expect(botCard.getByRole("button", { name: "Delete Bot" })).toHaveCount(0);
  await expect(botCard.getByRole("button", { name: "Edit Bot" })).toHaveCount(0);

  // The owner removes Bella; her open chat page loses the chat at once.
  await owner.goto("/bots");
  const ownerCard = owner.getByTestId("bot-card").filter({ hasText: "Our flat" });
  await expect(ownerCard.getByTestId("bot-shared")).toHaveText("Shared with 1");
  await ownerCard.getByTestId("bot-share").click();
  await owner.getByRole("button", { name: /^Remove Bella/ }).click();
  await expect(owner.getByRole("dialog").getByTestId("share-member")).toHaveCount(1);
  await expect(member).toHaveURL(/\/chats$/, { timeout: 15_000 });
  await expect(member.getByTestId("asset-card")).toHaveCount(0);
  await expect(member.getByTestId("chat-list-item")).toHaveCount(0);
  await member.goto(`/chats/${bot.chatId}`);
  await expect(member.getByTestId("asset-card")).toHaveCount(0);
});

test("a newcomer registers through the link and lands in the shared chat", async ({ browser, request }) => {
  const avi = await newAccount(request, "Avi");
  const bot = await matchingBot(request, avi.token, "Flatmates", uniquePrice());
  const owner = await pageFor(browser, avi);
  const url = await makeLink(owner, "Flatmates");
  const newcomer = await pageFor(browser);
  await newcomer.goto(new URL(url).pathname);
  await newcomer.getByRole("button", { name: "Create account" }).click();
  await newcomer.getByLabel("First name").fill("Gali");
  await newcomer.getByLabel("Last name").fill("Levi");
  await newcomer.getByLabel("Username").fill(`e2e-gali-${Date.now()}@example.com`);
  await newcomer.getByLabel("Password", { exact: true }).fill("secret-pass");
  await newcomer.getByLabel("Verify password").fill("secret-pass");
  await newcomer.getByRole("button", { name: "Register" }).click();
  // Registration lands on /redirect, which brings the kept invite back to be accepted.
  await expect(newcomer).toHaveURL(new RegExp(`/chats/${bot.chatId}$`), { timeout: 15_000 });
  await expect(newcomer.getByTestId("chat-title")).toHaveText("Flatmates");
  await owner.goto("/bots");
  await expect(
    owner.getByTestId("bot-card").filter({ hasText: "Flatmates" }).getByTestId("bot-shared"),
  ).toHaveText("Shared with 1");
});

test("the share dialog and the invite page at both widths, in both themes and languages", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  for (const [lang, locale, headers] of [
    ["en", "en-US", {}],
    ["he", "he-IL", { "accept-language": "he-IL,he;q=0.9" }],
  ] as const) {
    const owner = await newAccount(request, lang === "he" ? "נועה" : "Noa", headers);
    const guest = await newAccount(request, lang === "he" ? "דנה" : "Dana", headers);
    const name = lang === "he" ? "דירה משותפת" : "Our flat";
    const bot = await matchingBot(request, owner.token, name, uniquePrice());
    const page = await pageFor(browser, owner, locale);
    const url = await makeLink(page, name);
    // A member already in, so the list shows Remove.
    const token = new URL(url).pathname.split("/").pop();
    await request.post(`/api/invites/${token}/accept`, {
      headers: { authorization: `Bearer ${guest.token}` },
    });
    expect(bot.chatId).toBeTruthy();
    const visitor = await pageFor(browser, undefined, locale);
    await visitor.goto("/login");
    for (const theme of THEMES)
      for (const size of SIZES) {
        const tag = `${lang}-${theme}-${size[0]}`;
        await showAt(page, "/bots", theme, size);
        await page.getByTestId("bot-card").filter({ hasText: name }).getByTestId("bot-share").click();
        const dialog = page.getByRole("dialog");
        await expect(dialog.getByTestId("share-member")).toHaveCount(2);
        await dialog.getByRole("button", { name: /Make an invite link|יצירת קישור הזמנה/ }).click();
        await expect(dialog.getByTestId("share-link")).toHaveValue(/\/invite\//);
        if (lang === "he") await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
        await expectNoSideways(page);
        await page.screenshot({ path: shot(`share-dialog-${tag}.png`) });

        await showAt(visitor, `/invite/${"x".repeat(32)}`, theme, size);
        await expect(
          visitor.getByRole("heading", { level: 2 }).or(visitor.getByRole("heading")),
        ).not.toHaveCount(0);
        await expectNoSideways(visitor);
        await visitor.screenshot({ path: shot(`invite-page-${tag}.png`) });
      }
  }
});

const bell = (page: Page) => page.getByRole("button", { name: /^Notifications|^התראות/ });

/** The owner's invite for one e-mail, made in the bot card's Share dialog (left open). */
async function inviteByEmail(page: Page, name: string, email: string, formShot?: string): Promise<void> {
  await page.getByTestId("bot-card").filter({ hasText: name }).getByTestId("bot-share").click();
  const dialog = page.getByRole("dialog");
  await dialog.getByTestId("share-email").fill(email);
  if (formShot) await page.screenshot({ path: formShot });
  await dialog.getByRole("button", { name: /Make an invite link|יצירת קישור הזמנה/ }).click();
  await expect(dialog.getByTestId("share-link")).toHaveValue(/\/invite\/[\w-]{32}$/);
}

test("an existing account invited by e-mail finds it in the bell and joins from it", async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const [avi, bella] = [await newAccount(request, "Avi"), await newAccount(request, "Bella")];
  const bot = await matchingBot(request, avi.token, "Invited flat", uniquePrice());
  const owner = await pageFor(browser, avi);
  await owner.goto("/bots");
  await inviteByEmail(owner, "Invited flat", bella.email.toUpperCase());
  await expect(owner.getByTestId("share-told")).toHaveText(
    "They use Dirabot: we told them in their notifications. You can send the link too.",
  );
  await expect(owner.getByTestId("share-no-account")).toHaveCount(0);
  // An address nobody has: the link is still made, and the owner is told to send it.
  // The footer's Close (the header's cross is named Close too).
  await owner.getByRole("dialog").getByRole("button", { name: "Close" }).last().click();
  await expect(owner.getByRole("dialog")).toHaveCount(0);
  await inviteByEmail(owner, "Invited flat", "nobody-yet@example.com");
  await expect(owner.getByTestId("share-no-account")).toHaveText(
    "No account with this e-mail yet: send them the link.",
  );
  await expect(owner.getByTestId("share-told")).toHaveCount(0);

  const invitee = await pageFor(browser, bella);
  await invitee.goto("/bots");
  await expect(bell(invitee)).toHaveAccessibleName("Notifications, 1 unread", { timeout: 15_000 });
  await bell(invitee).click();
  const entry = invitee
    .getByRole("region", { name: "Notifications" })
    .getByRole("button", { name: new RegExp(`Avi ${avi.lastname} invited you to the bot Invited flat`) });
  await expect(entry).toBeVisible();
  await entry.click();
  await expect(invitee).toHaveURL(new RegExp(`/chats/${bot.chatId}$`), { timeout: 15_000 });
  await expect(invitee.getByTestId("chat-title")).toHaveText("Invited flat");
});

test("the invite by e-mail in the dialog and in the invitee's bell, both widths, themes and languages", async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  for (const [lang, locale, headers] of [
    ["en", "en-US", {}],
    ["he", "he-IL", { "accept-language": "he-IL,he;q=0.9" }],
  ] as const) {
    const owner = await newAccount(request, lang === "he" ? "נועה" : "Noa", headers);
    const guest = await newAccount(request, lang === "he" ? "דנה" : "Dana", headers);
    const name = lang === "he" ? "דירה משותפת" : "Our flat";
    await matchingBot(request, owner.token, name, uniquePrice());
    const page = await pageFor(browser, owner, locale);
    const guestPage = await pageFor(browser, guest, locale);
    await page.goto("/bots");
    await guestPage.goto("/bots");
    for (const theme of THEMES)
      for (const size of SIZES) {
        const tag = `${lang}-${theme}-${size[0]}`;
        await showAt(page, "/bots", theme, size);
        await inviteByEmail(page, name, guest.email, shot(`share-email-${tag}.png`));
        await expect(page.getByTestId("share-told")).toBeVisible();
        if (lang === "he") await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
        await expectNoSideways(page);
        await page.screenshot({ path: shot(`share-told-${tag}.png`) });

        await showAt(page, "/bots", theme, size);
        await inviteByEmail(page, name, `nobody-${tag}@example.com`);
        await expect(page.getByTestId("share-no-account")).toBeVisible();
        await expectNoSideways(page);
        await page.screenshot({ path: shot(`share-no-account-${tag}.png`) });

        await showAt(guestPage, "/bots", theme, size);
        await bell(guestPage).click();
        await expect(guestPage.getByTestId("notification-title").first()).toContainText(name);
        await expectNoSideways(guestPage);
        await guestPage.screenshot({ path: shot(`bell-invite-${tag}.png`) });
      }
  }
});
