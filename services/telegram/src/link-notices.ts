/** What the bot tells a chat about its account's link, and its answers to an undo. */

export const UNDO_MS = 24 * 60 * 60_000;

/** `/undo_<code>` (one tap in Telegram) or `/undo <code>`, in the chat the code was sent to. */
export const UNDO_COMMAND = /^\/undo(?:_|\s+)([A-Za-z2-9]{8})(?:@\w+)?\s*$/;

/** A name for the Telegram chat that took the link: its @username, else its person's name. */
const chatName = (c: { username: string; name: string }) =>
  c.username ? `@${c.username}` : c.name || "a chat without a name";

/** Sent to the chat a new link replaced. */
export function replacedNotice(
  account: string,
  by: { username: string; name: string },
  code: string,
): string {
  const whose = account ? `Your Dirabot account ${account}` : "Your Dirabot account";
  return `${whose} was just linked to another Telegram chat (${chatName(by)}). This chat no longer gets its matches or password reset codes.\n\nIf it was not you, send /undo_${code} within 24 hours: this chat is linked again, and everyone signed in to the account is signed out.`;
}

/** Sent to the linked chat when the account's password changes or is reset. */
export function passwordNotice(account: string, reset: boolean): string {
  return `The password of your Dirabot account ${account} was ${reset ? "reset" : "changed"}, and Telegram link codes made before it no longer work.\n\nIf it was not you, choose "Forgot password" on the Dirabot sign-in page: the reset code comes to this chat.`;
}

export type Undone = "undone" | "unknown" | "expired" | "used";

export const UNDO_REPLIES: Record<Undone, string> = {
  undone:
    'Done: this chat is linked to your Dirabot account again, and everyone signed in to it was signed out. Sign in again and change your password (if you cannot sign in, choose "Forgot password": the code comes here).',
  unknown: "This undo code is not valid here. Nothing was changed.",
  expired: "This undo code is more than a day old. Nothing was changed.",
  used: "This undo code was already used. Nothing was changed.",
};
