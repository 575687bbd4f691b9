import { currentLang, type Lang } from "../../i18n/index.ts";
import { accountLang, switchLang } from "../../i18n/language.ts";
import { api } from "../../lib/api.ts";
import type { User } from "./types.ts";

// A signed-in account speaks its own language (`locale` on GET /api/users/me), and a choice in
// the picker is kept on it with PATCH /api/users/{id}.

/** The account with `locale` set: the server's answer when it carries the user, else ours. */
export async function saveAccountLang(user: User, lang: Lang): Promise<User> {
  const result = await api.patch<{ user?: User } | undefined>(`/api/users/${encodeURIComponent(user._id)}`, {
    locale: lang,
  });
  return { ...user, ...(result?.user ?? {}), locale: lang } as User;
}

/** Switches to the account's language when it has one the app is not speaking yet. */
export async function followAccount(user: User | null): Promise<void> {
  const lang = accountLang(user);
  if (lang && lang !== currentLang()) await switchLang(lang);
}
