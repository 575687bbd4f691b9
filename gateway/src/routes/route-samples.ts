/**
 * Test fixture: one sample call for every documented /api route, with what each kind of caller
 * must get back (docs/SECURITY.md "Permissions"). The permission matrix and the fuzz test walk it;
 * a route added without a sample fails the matrix, so no route escapes both.
 *
 * Roles: `owner` owns the fixtures (a bot, its chat and a message, a notification); `other` is
 * another signed-in user; `banned` is banned by the admin; `admin` is the bootstrapped admin.
 * Path ids are the owner's fixtures.
 */
export type Role = "anonymous" | "owner" | "other" | "banned" | "admin";
type Expect = number | number[];

export interface RouteSample {
  /** `METHOD /path` as the OpenAPI document spells it (`{id}` parameters). */
  key: string;
  query?: string;
  body?: unknown;
  expect(role: Role): Expect;
  /** Roles not to try: the call would destroy a fixture or a session the matrix still needs. */
  skip?: Role[];
}

const by =
  (table: Partial<Record<Role, Expect>>, rest: Expect) =>
  (role: Role): Expect =>
    table[role] ?? rest;

/** Anyone, signed in or not (a 429 is a fair answer to a burst on the auth routes). */
const open = (ok: Expect) => by({}, [...[ok].flat(), 429]);
/** Any signed-in user who is not banned. */
const signedIn = (ok: Expect) => by({ anonymous: 401, banned: 403 }, ok);
/** The owner's own record: someone else gets "not found", admins reach it. */
const owned = (ok: Expect) => by({ anonymous: 401, banned: 403, other: 404 }, ok);
/** Only for admins. */
const adminOnly = (ok: Expect) => by({ anonymous: 401, banned: 403, other: 403, owner: 403 }, ok);
/** Per person even for admins: only the owner reaches it. */
const personal = (ok: Expect) => by({ anonymous: 401, banned: 403, other: 404, admin: 404 }, ok);

const ALL_BUT_ANONYMOUS: Role[] = ["owner", "other", "banned", "admin"];

export const PUSH_SAMPLE = {
  endpoint: "https://127.0.0.1/dirabot-route-sample",
  keys: {
    p256dh: "BBh0UQY2ALjMoFkfkdHRcSuWrPhQpkPOIxQADD9zbYq58EPe9SALhwDqoVKQboSz6pLTslBVHmMpQ47C1hBm8cE",
    auth: "tgMBAvomB1vWjdBbw6xW3Q",
  },
};

export const ROUTE_SAMPLES: RouteSample[] = [
  // Accounts
  {
    key: "POST /api/auth/register",
    body: { firstname: "A", lastname: "B", email: "owner-taken", password: "secret1" },
    expect: open(400),
  },
  {
    key: "POST /api/auth/login",
    body: { email: "nobody@example.com", password: "wrong-pass" },
    expect: open(401),
  },
  // A banned user's session is valid: the SPA shows them the banned page.
  { key: "POST /api/auth/validate", expect: by({ anonymous: 401 }, 200) },
  { key: "POST /api/auth/logout", expect: open(200), skip: ALL_BUT_ANONYMOUS },
  {
    key: "POST /api/auth/change-password",
    body: { currentPassword: "secret1", newPassword: "secret1" },
    expect: signedIn(200),
    skip: ["owner", "other", "admin"],
  },
  { key: "POST /api/auth/request-reset", body: { email: "nobody@example.com" }, expect: open(200) },
  {
    key: "POST /api/auth/verify-reset-code",
    body: { email: "nobody@example.com", code: "123456" },
    expect: open(400),
  },
  {
    key: "POST /api/auth/reset-password",
    body: { email: "nobody@example.com", code: "123456", newPassword: "secret2" },
    expect: open(400),
  },
  {
    key: "POST /api/auth/complete-reset",
    body: { email: "nobody@example.com", token: "x".repeat(43), newPassword: "secret2" },
    expect: open(400),
  },
  { key: "GET /api/oauth/providers", expect: open(200) },
  // Google is not configured here: "not found".
  { key: "GET /api/oauth/google", expect: open(404) },
  // Users
  { key: "GET /api/users/me", expect: by({ anonymous: 401 }, 200) },
  // The current password (everyone's here is "secret1"; the admin's is another: reauth_required).
  {
    key: "POST /api/users/me/telegram-link",
    body: { password: "secret1" },
    expect: by({ anonymous: 401, banned: 403, admin: 403 }, 200),
  },
  // What reaches the account: the owner's second session and a push device are the path's ids.
  { key: "GET /api/users/me/sessions", expect: signedIn(200) },
  { key: "DELETE /api/users/me/sessions/{id}", expect: personal(200) },
  { key: "GET /api/users/me/push-subscriptions", expect: signedIn(200) },
  { key: "DELETE /api/users/me/push-subscriptions/{id}", expect: personal(200) },
  { key: "DELETE /api/users/me/telegram-link", expect: signedIn(200) },
  { key: "GET /api/users/filter", query: "?search=a", expect: adminOnly(200) },
  { key: "GET /api/users/count", expect: adminOnly(200) },
  {
    key: "PATCH /api/users/{id}",
    body: { firstname: "Owner" },
    expect: by({ anonymous: 401, banned: 403, other: 403 }, 200),
  },
  { key: "DELETE /api/users/{id}", expect: adminOnly(200), skip: ["admin"] },
  // Bots
  {
    key: "POST /api/requests/website-create",
    body: { botName: "another", filters: { safeRoom: true }, include: { sublets: true } },
    expect: signedIn(201),
  },
  { key: "GET /api/requests", query: "?all=true", expect: adminOnly(200) },
  { key: "GET /api/requests/count", expect: signedIn(200) },
  { key: "GET /api/requests/verifycode", query: "?code=ABCDEF", expect: signedIn(400) },
  { key: "GET /api/requests/group-code", query: "?code=ABCDEF", expect: signedIn(400) },
  { key: "GET /api/requests/neighborhoods", expect: open(200) },
  { key: "GET /api/requests/codes", expect: open(200) },
  { key: "GET /api/requests/{id}", expect: owned(200) },
  {
    key: "PATCH /api/requests/{id}",
    body: {
      isActive: false,
      neighborhoodCodes: [205],
      priceLimit: [1000, 2000],
      rooms: 1,
      merchant: null,
      filters: { safeRoom: null, parking: true, elevator: null },
      include: { rooms: false, sublets: true },
    },
    expect: owned(200),
  },
  { key: "DELETE /api/requests/{id}", expect: owned(200), skip: ["owner", "admin"] },
  // Shared bots: only the owner invites (an admin reaching the bot is refused); the sample's
  // member id is nobody's, so even the owner gets "not found".
  {
    key: "POST /api/requests/{id}/invites",
    body: {},
    expect: by({ anonymous: 401, banned: 403, other: 404, admin: 403 }, 201),
  },
  { key: "GET /api/requests/{id}/members", expect: owned(200) },
  { key: "DELETE /api/requests/{id}/members/{userId}", expect: owned(404) },
  { key: "POST /api/invites/{token}/accept", expect: signedIn(404) },
  { key: "GET /api/users/{id}/sharing", expect: adminOnly(200) },
  // Chats
  { key: "GET /api/chats", expect: signedIn(200) },
  { key: "GET /api/chats/admin/all-grouped", expect: adminOnly(200) },
  { key: "POST /api/chats", body: { botId: "{bot}" }, expect: owned([200, 201]) },
  { key: "GET /api/chats/{id}", expect: owned(200) },
  { key: "POST /api/chats/{id}/read", expect: owned(200) },
  { key: "POST /api/chats/{id}/favorite", expect: owned(200) },
  { key: "POST /api/chats/{id}/messages", body: { content: "hello" }, expect: owned(201) },
  { key: "GET /api/chats/{id}/messages/starred", expect: owned(200) },
  { key: "POST /api/chats/{id}/messages/{messageId}/star", expect: owned(200) },
  // The fixture's message is a text, not a match: its owner is told so; admins read, never vote.
  {
    key: "PUT /api/chats/{id}/messages/{messageId}/vote",
    body: { vote: "up", note: "" },
    expect: by({ anonymous: 401, banned: 403, other: 404, admin: 403 }, 400),
  },
  {
    key: "PUT /api/chats/{id}/messages/{messageId}/reply",
    body: { called: true, viewingOn: null },
    expect: by({ anonymous: 401, banned: 403, other: 404, admin: 403 }, 400),
  },
  { key: "GET /api/chats/{id}/shortlist", expect: owned(200) },
  // Notifications
  { key: "GET /api/notifications", expect: signedIn(200) },
  { key: "PATCH /api/notifications/read-all", expect: signedIn(200) },
  { key: "PATCH /api/notifications/{id}/read", expect: personal(200) },
  { key: "POST /api/notifications/test", body: { title: "t", body: "b" }, expect: signedIn(201) },
  { key: "GET /api/notifications/all", query: "?limit=5&type=system", expect: adminOnly(200) },
  // The public key is public: browsers subscribe with it.
  { key: "GET /api/notifications/vapid-public-key", expect: open(200) },
  // A browser's subscription (a real P-256 key) to an address nothing listens on; unsubscribed next.
  { key: "POST /api/notifications/subscribe", body: { subscription: PUSH_SAMPLE }, expect: signedIn(200) },
  {
    key: "POST /api/notifications/subscription-status",
    body: { endpoint: PUSH_SAMPLE.endpoint },
    expect: signedIn(200),
  },
  { key: "POST /api/notifications/unsubscribe", body: { subscription: PUSH_SAMPLE }, expect: signedIn(200) },
  // Admin messaging over Telegram (the bot is not configured here: sends are refused with 412)
  { key: "POST /api/telegram/broadcast", body: { content: "Hello all" }, expect: adminOnly(412) },
  { key: "POST /api/telegram/direct", body: { content: "**Hi**", chatId: "7001" }, expect: adminOnly(412) },
  { key: "GET /api/telegram", query: "?limit=10&skip=0&type=direct", expect: adminOnly(200) },
  { key: "GET /api/telegram/chats", query: "?search=a", expect: adminOnly(200) },
  // The path's id is "unknown" here: not a Telegram chat id.
  { key: "GET /api/telegram/chat/{chatId}", query: "?limit=100", expect: adminOnly(400) },
  // Listings, geography, status
  { key: "GET /api/assets", expect: signedIn(200) },
  { key: "GET /api/assets/count", expect: signedIn(200) },
  { key: "GET /api/assets/price-band", query: "?neighborhoodCodes=205&rooms=3", expect: signedIn(200) },
  { key: "GET /api/assets/{id}", expect: signedIn(200) },
  { key: "GET /api/geocode", query: "?q=Florentin", expect: signedIn(200) },
  { key: "GET /api/status", expect: adminOnly(200) },
  { key: "GET /api/status/figures", expect: adminOnly(200) },
  { key: "GET /api/health", expect: open(200) },
  { key: "GET /api/openapi.json", expect: adminOnly(200) },
  // The service checks (/yad2/…/status, /facebook/status): an image while the source is healthy, else 503 with the reason in a
  // `x-status-reason` header — the one 5xx that is an answer, not a failure.
  // HEAD (status code and reason) is public; the GET image is for admins.
  ...["/yad2/scraper/status", "/yad2/cleaner/status", "/facebook/status"].flatMap((path) => [
    { key: `HEAD ${path}`, expect: open([200, 503]) },
    { key: `GET ${path}`, expect: adminOnly([200, 503]) },
  ]),
];
