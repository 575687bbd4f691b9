/**
 * How fast anyone may guess an account's reset codes. Guesses count per account across codes (a
 * new code clears nothing); an address gets a few free wrong ones, then waits a doubling delay;
 * the account as a whole stops at a daily ceiling. One address can never reach the ceiling
 * alone, so a stranger guessing from one address cannot end the owner's codes.
 */

/** Wrong guesses an account may take in a day, from all addresses together. */
export const DAILY_CEILING = 20;
/** Wrong guesses an address makes without waiting: a code's five tries and one more, so hearing
 * that a dead code is dead costs the owner no wait. */
export const FREE_WRONG = 6;
/** The wait after the free guesses; every further wrong guess doubles it. */
export const FIRST_WAIT_S = 30;
const DAY_MS = 86_400_000;

/** An account's wrong guesses in its current day, counted from its first one. */
export interface AccountTries {
  wrong: number;
  windowFrom: Date;
}
/** One address's wrong guesses at an account. */
export interface PairTries {
  wrong: number;
  lastWrongAt: Date;
}

/** The counts as they stand at `now`: a day-old window starts over, an address quiet for a day is forgotten. */
export function current(
  now: Date,
  account: AccountTries | undefined,
  pair: PairTries | undefined,
): { account: AccountTries; pair: PairTries | undefined } {
  const fresh = !account || now.getTime() - account.windowFrom.getTime() >= DAY_MS;
  const quiet = !pair || now.getTime() - pair.lastWrongAt.getTime() >= DAY_MS;
  return {
    account: fresh ? { wrong: 0, windowFrom: now } : account,
    pair: quiet ? undefined : pair,
  };
}

/** Seconds before the next guess from this address may be judged (0: now), on current counts. */
export function secondsToWait(now: Date, account: AccountTries, pair: PairTries | undefined): number {
  const until = (t: number) => Math.max(0, Math.ceil((t - now.getTime()) / 1000));
  if (account.wrong >= DAILY_CEILING) return until(account.windowFrom.getTime() + DAY_MS);
  if (!pair || pair.wrong < FREE_WRONG) return 0;
  return until(pair.lastWrongAt.getTime() + FIRST_WAIT_S * 1000 * 2 ** (pair.wrong - FREE_WRONG));
}

/** Whether the account has taken its day's wrong guesses (no codes are issued until the day ends). */
export const atCeiling = (now: Date, account: AccountTries | undefined) =>
  current(now, account, undefined).account.wrong >= DAILY_CEILING;
