import { Code, ConnectError } from "@connectrpc/connect";
import type { Context } from "koa";
import { addressKey } from "../client-address.ts";
import type { GatewayLimits } from "../limits.ts";
import { spend } from "../rate-limit.ts";

/**
 * Runs one password check against the failed-login budgets of (account, address) and of the
 * address. The points are taken before the check, so a burst of parallel guesses cannot all
 * slip in before the first failure is counted; a success gives them back (and clears the pair),
 * as does an answer that was not a wrong password (identity unreachable, say). Once a budget is
 * spent even the right password is refused from there until it refills: answering it would tell
 * the guesser they found it. The owner signing in from another address spends other budgets.
 */
export async function limitedLogin<T>(
  k: Context,
  limits: GatewayLimits,
  account: string,
  check: () => Promise<T>,
): Promise<T> {
  const address = addressKey(k.ip);
  const pair = `${account}|${address}`;
  await spend(limits.loginAddress, address, k);
  // A spent pair still costs its address a point: hammering one account counts there too.
  await spend(limits.loginPair, pair, k);
  let result: T;
  try {
    result = await check();
  } catch (err) {
    if (ConnectError.from(err).code !== Code.Unauthenticated) await giveBack();
    throw err;
  }
  await Promise.all([limits.loginPair.delete(pair), limits.loginAddress.reward(address, 1)]).catch(
    () => undefined, // a point not given back only shortens a budget; the sign-in stands
  );
  return result;

  async function giveBack() {
    await Promise.all([limits.loginPair.reward(pair, 1), limits.loginAddress.reward(address, 1)]).catch(
      () => undefined,
    );
  }
}
