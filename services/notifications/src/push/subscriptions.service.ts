import { AppError } from "@dirabot/platform";
import {
  checkEndpoint,
  checkSubscription,
  SUBSCRIPTION_ERRORS,
  type SubscriptionInput,
} from "./subscription-rules.ts";
import type { SubscriptionsRepo } from "./subscriptions.repo.ts";

const requireUser = (userId: string) => {
  if (!userId) throw new AppError("invalid_argument", "user_id is required");
};

/** The rules of push subscriptions: what a valid one is, whose it is. */
export class SubscriptionsService {
  readonly #repo: SubscriptionsRepo;
  readonly #now: () => Date;
  readonly publicKey: string;
  constructor(repo: SubscriptionsRepo, publicKey: string, now: () => Date) {
    this.#repo = repo;
    this.publicKey = publicKey;
    this.#now = now;
  }

  async subscribe(userId: string, s: SubscriptionInput | undefined): Promise<void> {
    requireUser(userId);
    if (!s) throw new AppError("invalid_argument", SUBSCRIPTION_ERRORS.fields);
    await this.#repo.save(userId, checkSubscription(s), this.#now());
  }

  unsubscribe(userId: string, endpoint: string): Promise<boolean> {
    requireUser(userId);
    return this.#repo.remove(userId, checkEndpoint(endpoint));
  }

  status(userId: string, endpoint: string): Promise<boolean> {
    requireUser(userId);
    return this.#repo.has(userId, checkEndpoint(endpoint));
  }
}
