/**
 * Who may call each RPC: the one table the callee's interceptor checks (docs/SECURITY.md "Who may
 * call each RPC", which a test keeps equal to this and to the protos). A caller is the component
 * its credential names; a call from anyone else is refused with `permission_denied` before the
 * handler runs. Derived from the calls the code makes, nothing more.
 */
export type Caller =
  | "gateway"
  | "identity"
  | "bots"
  | "chat"
  | "listings"
  | "notifications"
  | "telegram"
  | "scraper-yad2"
  | "scraper-facebook"
  | "test";

/** An RPC anyone may call without a credential (Kubernetes' gRPC probes carry none). */
export const OPEN = "anyone" as const;
type Rule = readonly Caller[] | typeof OPEN;

interface ServiceRules {
  /** The components that serve it: the callee half of a signing key. */
  servedBy: readonly string[];
  methods: Record<string, Rule>;
}

const gateway = ["gateway"] as const;
const scrapers = ["scraper-yad2", "scraper-facebook"] as const;
const byGateway = (...names: string[]): Record<string, Rule> =>
  Object.fromEntries(names.map((n) => [n, gateway]));

export const RPC_CALLERS: Record<string, ServiceRules> = {
  "dirabot.identity.v1.IdentityService": {
    servedBy: ["identity"],
    methods: {
      ...byGateway(
        "Register",
        "Login",
        "Authenticate",
        "Logout",
        "ChangePassword",
        "GetUser",
        "UpdateUser",
        "ListUsers",
        "CountUsers",
        "DeleteUser",
        "RequestPasswordReset",
        "VerifyResetCode",
        "ResetPassword",
        "OAuthSignIn",
        "Reauthenticate",
        "ListSessions",
        "EndSession",
        "FindUserByEmail",
      ),
      GetUsers: ["notifications", "chat"],
      ListAdmins: ["notifications"],
    },
  },
  "dirabot.bots.v1.BotsService": {
    servedBy: ["bots"],
    methods: {
      ...byGateway(
        "CreateBot",
        "ListBots",
        "UpdateBot",
        "DeleteBot",
        "CountBots",
        "CreateInvite",
        "AcceptInvite",
        "ListMembers",
        "RemoveMember",
        "ListUserBots",
      ),
      GetBot: ["gateway", "chat"],
      ListWatchedAreas: ["scraper-yad2"],
    },
  },
  "dirabot.chat.v1.ChatService": {
    servedBy: ["chat"],
    methods: byGateway(
      "ListChats",
      "GetChat",
      "CreateChat",
      "SendMessage",
      "MarkRead",
      "ToggleStar",
      "ToggleFavorite",
      "ListStarred",
      "ListAllGrouped",
      "CanRead",
      "GetFreshness",
      "Vote",
      "SetQuickReply",
      "ListShortlist",
    ),
  },
  "dirabot.listings.v1.ListingsService": {
    servedBy: ["listings"],
    methods: {
      Ingest: scrapers,
      ListListings: ["gateway", "bots"],
      ...byGateway("GetListing", "CountListings", "ListNeighborhoods", "PriceBand"),
      ListForCheck: ["scraper-yad2"],
      RecordChecks: ["scraper-yad2"],
      Geocode: ["gateway", "scraper-facebook"],
    },
  },
  "dirabot.notifications.v1.NotificationsService": {
    servedBy: ["notifications"],
    methods: byGateway(
      "ListNotifications",
      "MarkRead",
      "MarkAllRead",
      "CreateNotification",
      "ListAllNotifications",
      "Subscribe",
      "Unsubscribe",
      "GetSubscriptionStatus",
      "GetVapidPublicKey",
      "ListSubscriptions",
      "RemoveSubscription",
    ),
  },
  "dirabot.telegram.v1.TelegramService": {
    servedBy: ["telegram"],
    methods: {
      ...byGateway(
        "CreateLinkCode",
        "RedeemGroupCode",
        "LookUpGroupCode",
        "Unlink",
        "Broadcast",
        "SendDirect",
        "ListMessages",
        "ListChats",
        "ListChatMessages",
      ),
      GetLink: ["gateway", "identity"],
      SendToUser: ["identity", "notifications"],
    },
  },
  "dirabot.scraping.v1.ScrapingService": {
    servedBy: scrapers,
    methods: { GetStatus: ["gateway", "notifications"], ...byGateway("GetPreview", "GetFigures") },
  },
  "grpc.health.v1.Health": {
    servedBy: [],
    methods: { Check: OPEN, List: OPEN, Watch: OPEN },
  },
  // The platform's probe fixture: served by tests only, never by the product.
  "dirabot.testing.v1.ProbeService": {
    servedBy: ["probe"],
    methods: { Echo: ["test"], Record: ["test"], Tally: ["test"] },
  },
};

/** Whether anyone may call the service without a credential. */
export const isOpen = (service: string): boolean =>
  Object.values(RPC_CALLERS[service]?.methods ?? {}).some((r) => r === OPEN);

/** Who may call `service/method`: none for an RPC the table does not know. */
export function callersOf(service: string, method: string): readonly Caller[] {
  const rule = RPC_CALLERS[service]?.methods[method];
  return rule === undefined || rule === OPEN ? [] : rule;
}

export const mayCall = (caller: string, service: string, method: string): boolean =>
  (callersOf(service, method) as readonly string[]).includes(caller);

/** The components serving `service` (a key names one of them as the callee). */
export const servedBy = (service: string): readonly string[] => RPC_CALLERS[service]?.servedBy ?? [];

/** Every (caller, callee component) pair the table allows, "caller>callee": the signing keys there are. */
export function callPairs(): string[] {
  const pairs = new Set<string>();
  for (const rules of Object.values(RPC_CALLERS))
    for (const rule of Object.values(rules.methods))
      if (rule !== OPEN)
        for (const c of rule) for (const callee of rules.servedBy) pairs.add(`${c}>${callee}`);
  return [...pairs].sort();
}
