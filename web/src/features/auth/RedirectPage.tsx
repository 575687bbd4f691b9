import { Icon, Spinner } from "@blueprintjs/core";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { StatusCard } from "../../components/StatusCard.tsx";
import { useTranslation } from "../../i18n/index.ts";
import { findToken } from "../../lib/authToken.ts";
import { readStorage, StorageKeys } from "../../lib/storage.ts";
import { useAuth } from "./AuthProvider.tsx";
import { CHECK_TIMEOUT_MS, dropRefused, endsSession, fetchProfile } from "./session.ts";
import { checkRetry } from "./sessionRule.ts";
import type { User } from "./types.ts";
import { useLaterNavigate } from "./useLaterNavigate.ts";

// /redirect: the landing page after registration and after Google sign-in, whose callback
// leaves only the cookie; findToken copies it to localStorage. The profile is loaded afresh, then
// home after 2.5 s; without a profile (a 401, 404 or no user: the start-up check's verdicts), the
// token is dropped and it is back to /login after 3 s. Other failures are retried meanwhile, as in
// the start-up check: a server hiccup is not a missing profile.

class NoProfile extends Error {}

async function loadProfile(): Promise<User> {
  const token = findToken();
  try {
    return await fetchProfile(AbortSignal.timeout(CHECK_TIMEOUT_MS));
  } catch (error) {
    if (!endsSession("me", error)) throw error;
    if (token) dropRefused(token);
    throw new NoProfile();
  }
}

export function RedirectPage() {
  const { t } = useTranslation("auth");
  const { setUser } = useAuth();
  const profile = useQuery({
    queryKey: ["auth", "redirect-profile"],
    queryFn: loadProfile,
    ...checkRetry,
    retry: (_failures: number, error: unknown) => !(error instanceof NoProfile),
    gcTime: 0,
  });

  useEffect(() => {
    if (profile.data) setUser(profile.data);
  }, [profile.data, setUser]);
  // A shared bot's invite opened before registering: back to it, to accept it.
  const invite = readStorage(StorageKeys.pendingInvite);
  useLaterNavigate(profile.isSuccess, invite ? `/invite/${encodeURIComponent(invite)}` : "/", 2500);
  useLaterNavigate(profile.isError, "/login", 3000);

  if (profile.isPending) {
    return <StatusCard live icon={<Spinner size={40} intent="primary" />} title={t("redirect.holdTight")} />;
  }
  if (profile.isError) {
    return (
      <StatusCard
        live
        icon="warning-sign"
        intent="warning"
        title={t("redirect.noProfile")}
        description={t("redirect.toSignIn")}
      />
    );
  }
  return (
    <StatusCard
      live
      icon={<Icon icon="tick-circle" size={32} intent="success" />}
      intent="success"
      title={t("redirect.loggedIn")}
      description={t("redirect.toBots")}
    />
  );
}
