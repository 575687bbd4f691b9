import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { type Actor, AppError } from "@dirabot/platform";
import {
  checkEndpoint,
  checkSubscription,
  MAX_SUBSCRIPTIONS,
  SUBSCRIPTION_ERRORS,
  type SubscriptionInput,
} from "./subscription-rules.ts";
import type { SubscriptionsRepo } from "./subscriptions.repo.ts";

const requireUser = (userId: string) => {
  if (!userId) throw new AppError("invalid_argument", "user_id is required");
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_USER_AGENT = 512;

/** The rules of push subscriptions: what a valid one is, whose it is, how many one account has. */
export class SubscriptionsService {
  readonly #repo: SubscriptionsRepo;
  readonly #now: () => Date;
  readonly #privateHosts: readonly string[];
  readonly publicKey: string;
  constructor(
    repo: SubscriptionsRepo,
    publicKey: string,
    now: () => Date,
    privateHosts: readonly string[] = [],
  ) {
    this.#repo = repo;
    this.publicKey = publicKey;
    this.#now = now;
    this.#privateHosts = privateHosts;
  }

  /** The actor's session owns the subscription: it ends when that session does. */
  async subscribe(actor: Actor, s: SubscriptionInput | undefined, userAgent = ""): Promise<void> {
    requireUser(actor.userId);
    if (!s) throw new AppError("invalid_argument", SUBSCRIPTION_ERRORS.fields);
    const owner = {
      userId: actor.userId,
      sessionId: actor.sessionId,
      userAgent: userAgent.slice(0, MAX_USER_AGENT),
    };
    const sub = checkSubscription(s, this.#privateHosts);
    if (!(await this.#repo.save(owner, sub, this.#now(), MAX_SUBSCRIPTIONS)))
      throw new AppError("limit_reached", SUBSCRIPTION_ERRORS.limit);
  }

  unsubscribe(userId: string, endpoint: string): Promise<boolean> {
    requireUser(userId);
    return this.#repo.remove(userId, checkEndpoint(endpoint));
  }

  status(userId: string, endpoint: string): Promise<boolean> {
    requireUser(userId);
    return this.#repo.has(userId, checkEndpoint(endpoint), this.#now());
  }

  async devices(actor: Actor) {
    requireUser(actor.userId);
    return (await this.#repo.list(actor.userId)).map((d) => ({
      id: d.id,
      userAgent: d.user_agent,
      createdAt: timestampFromDate(d.created_at),
      lastUsedAt: timestampFromDate(d.last_used_at ?? d.created_at),
      currentSession: Boolean(actor.sessionId) && d.session_id === actor.sessionId,
      sessionId: d.session_id ?? "",
    }));
  }

  /** Someone else's device and an unknown id answer alike. */
  async remove(userId: string, id: string): Promise<void> {
    requireUser(userId);
    if (!UUID.test(id) || !(await this.#repo.removeById(userId, id)))
      throw new AppError("not_found", "Device not found");
  }
}
