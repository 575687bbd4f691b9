import { AnchorButton, Button, Callout, Classes, Code, Icon } from "@blueprintjs/core";
import { useMutation, useQuery } from "@tanstack/react-query";
import clsx from "clsx";
import { useEffect, useState } from "react";
import { formatDateTime } from "../../i18n/format.ts";
import { useTranslation } from "../../i18n/index.ts";
import { Trans } from "../../i18n/trans.ts";
import { api } from "../../lib/api.ts";
import { type User, useAuth } from "../auth/index.ts";
import { createTelegramLink } from "./api.ts";
import styles from "./TelegramLink.module.css";
import { TelegramLinkDialog } from "./TelegramLinkDialog.tsx";
import { asksPassword, reauthWanted } from "./telegramLink.ts";

// Linking Telegram is what makes password reset possible (codes go there). The server gives a
// one-time code and a bot deep link carrying it; opening the link (or sending the code to the bot)
// completes the link on the Telegram side. While a code is out, the page asks every few seconds
// whether it was used, so the profile turns linked (and Telegram matches can go on) without a reload.
export function TelegramLink({ user }: { user: User }) {
  const { signOut } = useAuth();
  const { t } = useTranslation("users");
  const [asking, setAsking] = useState(false);
  const link = useMutation({
    mutationFn: createTelegramLink,
    onSuccess: () => setAsking(false),
    // A Google account that has a password since a reset is asked for it after all.
    onError: (err) => reauthWanted(err) === "password" && setAsking(true),
  });
  useLinkWatch(Boolean(link.data) && !user.telegram?.linked, link.data?.expiresAt);
  const wanted = link.isError ? reauthWanted(link.error) : undefined;

  if (user.telegram?.linked) {
    return (
      <Callout intent="success" icon="tick-circle">
        <Trans
          t={t}
          i18nKey="telegram.linked"
          values={{ username: user.telegram.username }}
          components={{ user: <bdi /> }}
        />
      </Callout>
    );
  }
  return (
    <div>
      <p className={Classes.TEXT_MUTED}>{t("telegram.intro")}</p>
      {link.data ? (
        <Callout intent="primary" icon="send-message" className={styles.result}>
          <p>
            <Trans
              t={t}
              i18nKey="telegram.sendCode"
              values={{ code: link.data.code }}
              components={{ code: <Code dir="ltr" /> }}
            />
          </p>
          <AnchorButton
            intent="primary"
            href={link.data.url}
            target="_blank"
            rel="noopener noreferrer"
            endIcon="share"
          >
            {t("telegram.open")}
          </AnchorButton>
          <p className={clsx(Classes.TEXT_MUTED, styles.expiry)}>
            {t("telegram.expires", { when: formatDateTime(link.data.expiresAt) })}
          </p>
        </Callout>
      ) : (
        <Button
          icon={<Icon icon="send-message" />}
          loading={link.isPending && !asking}
          onClick={() => {
            link.reset();
            if (asksPassword(user)) setAsking(true);
            else link.mutate({});
          }}
        >
          {t("telegram.link")}
        </Button>
      )}
      {link.isError && !asking ? (
        <Callout intent={wanted ? "warning" : "danger"} icon="error" role="alert" className={styles.result}>
          <p>{link.error.message}</p>
          {wanted === "signIn" ? (
            <Button icon="log-in" onClick={() => void signOut()}>
              {t("telegram.signInAgain")}
            </Button>
          ) : null}
        </Callout>
      ) : null}
      <TelegramLinkDialog
        isOpen={asking}
        pending={link.isPending}
        error={asking && link.isError ? link.error.message : undefined}
        onSubmit={(password) => link.mutate({ password })}
        onClose={() => {
          setAsking(false);
          link.reset();
        }}
      />
    </div>
  );
}

/** Reads GET /api/users/me every 3 s while `watching` and the code lives; a link found replaces the user. */
function useLinkWatch(watching: boolean, expiresAt: string | undefined) {
  const { setUser } = useAuth();
  const live = watching && (!expiresAt || Date.parse(expiresAt) > Date.now());
  const me = useQuery({
    queryKey: ["users", "me", "telegram-link"],
    queryFn: () => api.get<{ user?: User | null }>("/api/users/me"),
    enabled: live,
    refetchInterval: live ? 3000 : false,
    gcTime: 0,
  });
  const found = me.data?.user;
  useEffect(() => {
    if (found?.telegram?.linked) setUser(found);
  }, [found, setUser]);
}
