import { Icon, Spinner } from "@blueprintjs/core";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { StatusCard } from "../../components/StatusCard.tsx";
import { api } from "../../lib/api.ts";
import { clearToken, findToken } from "../../lib/authToken.ts";
import { useAuth } from "./AuthProvider.tsx";
import type { User } from "./types.ts";
import { useLaterNavigate } from "./useLaterNavigate.ts";

// /redirect (SPEC §2): the landing page after registration and after Google sign-in, whose callback
// leaves only the cookie; findToken copies it to localStorage. The profile is loaded afresh, then
// home after 2.5 s; without a profile, back to /login after 3 s.

async function loadProfile(): Promise<User> {
  findToken();
  const me = await api.get<{ user?: User | null }>("/api/users/me");
  if (!me?.user) throw new Error("Invalid user data received");
  return me.user;
}

export function RedirectPage() {
  const { setUser } = useAuth();
  const profile = useQuery({
    queryKey: ["auth", "redirect-profile"],
    queryFn: loadProfile,
    retry: false,
    gcTime: 0,
  });

  useEffect(() => {
    if (profile.data) setUser(profile.data);
    if (profile.isError) clearToken();
  }, [profile.data, profile.isError, setUser]);
  useLaterNavigate(profile.isSuccess, "/", 2500);
  useLaterNavigate(profile.isError, "/login", 3000);

  if (profile.isPending) {
    return (
      <StatusCard live icon={<Spinner size={40} intent="primary" />} title="Hold tight, setting you up :)" />
    );
  }
  if (profile.isError) {
    return (
      <StatusCard
        live
        icon="warning-sign"
        intent="warning"
        title="We could not load your profile"
        description="Taking you to sign in…"
      />
    );
  }
  return (
    <StatusCard
      live
      icon={<Icon icon="tick-circle" size={32} intent="success" />}
      intent="success"
      title="You are logged in :)"
      description="Taking you to your bots…"
    />
  );
}
