import { AnchorButton, Button, Spinner } from "@blueprintjs/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { Navigate, useNavigate, useParams } from "react-router-dom";
import { StatusCard } from "../../components/StatusCard.tsx";
import { useTranslation } from "../../i18n/index.ts";
import { isTransient } from "../../lib/api.ts";
import { removeStorage, StorageKeys, writeStorage } from "../../lib/storage.ts";
import { usePageTitle } from "../../lib/usePageTitle.ts";
import { type OriginState, useSessionCheck } from "../auth/index.ts";
import { acceptInvite } from "./api.ts";
import { botsKey } from "./keys.ts";

// /invite/:token: a shared bot's invite. A visitor is sent to sign in (and back here after); one
// who registers instead finds the token kept (localStorage `pendingInvite`): /redirect brings them
// back. Signed in, the invite is accepted once and the reader lands in the shared chat; a refusal
// (used, expired, unknown, another account's) shows the server's words in the reader's language.

export function InvitePage() {
  const { t } = useTranslation("bots");
  usePageTitle(t("invite.title"));
  const { token = "" } = useParams();
  const { status, user } = useSessionCheck();
  const navigate = useNavigate();
  const client = useQueryClient();
  const accept = useMutation({
    mutationFn: () => acceptInvite(token),
    onSuccess: (r) => {
      removeStorage(StorageKeys.pendingInvite);
      void client.invalidateQueries({ queryKey: botsKey });
      void client.invalidateQueries({ queryKey: ["chats"] });
      navigate(`/chats/${encodeURIComponent(r.chatId)}`, { replace: true });
    },
    // Accepting twice is harmless: a failure that is no answer is asked again with back-off, and
    // only the server's refusal lets go of the kept link.
    retry: (failures, error) => failures < 4 && isTransient(error),
    onError: (error) => {
      if (!isTransient(error)) removeStorage(StorageKeys.pendingInvite);
    },
  });
  const started = useRef(false);
  useEffect(() => {
    if (!user || started.current) return;
    started.current = true;
    accept.mutate();
  }, [user, accept]);

  if (status === "unknown" || status === "checking")
    return <StatusCard live icon={<Spinner size={40} intent="primary" />} title={t("invite.checking")} />;
  if (!user) {
    writeStorage(StorageKeys.pendingInvite, token);
    return (
      <StatusCard
        icon="people"
        title={t("invite.signInTitle")}
        description={t("invite.signIn")}
        action={
          <div>
            <Button
              intent="primary"
              text={t("invite.signInButton")}
              onClick={() =>
                navigate("/login", {
                  state: { from: { pathname: `/invite/${token}` } } satisfies OriginState,
                })
              }
            />{" "}
            <Button text={t("invite.registerButton")} onClick={() => navigate("/register")} />
          </div>
        }
      />
    );
  }
  if (user.isBanned) return <Navigate to="/banned" replace />;
  if (accept.isError)
    return (
      <StatusCard
        icon="warning-sign"
        intent="warning"
        title={t("invite.refusedTitle")}
        description={accept.error.message}
        action={<AnchorButton href="/bots" text={t("invite.toBots")} />}
      />
    );
  return <StatusCard live icon={<Spinner size={40} intent="primary" />} title={t("invite.joining")} />;
}
