import { AnchorButton, Button, Callout, Classes, Code, Icon } from "@blueprintjs/core";
import { useMutation, useQuery } from "@tanstack/react-query";
import clsx from "clsx";
import { useEffect, useState } from "react";
import { api } from "../../lib/api.ts";
import { type User, useAuth } from "../auth/index.ts";
import { createTelegramLink } from "./api.ts";
import styles from "./TelegramLink.module.css";
import { TelegramLinkDialog } from "./TelegramLinkDialog.tsx";
import { asksPassword, LINK_TEXTS, reauthWanted } from "./telegramLink.ts";

// Linking Telegram is what makes password reset possible (codes go there). The server gives a
// one-time code and a bot deep link carrying it; opening the link (or sending the code to the bot)
// completes the link on the Telegram side. While a code is out, the page asks every few seconds
// whether it was used, so the profile turns linked (and Telegram matches can go on) without a reload.
export function TelegramLink({ user }: { user: User }) {
  const { signOut } = useAuth();
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
        Telegram linked: @{user.telegram.username}
      </Callout>
    );
  }
  return (
    <div>
      <p className={Classes.TEXT_MUTED}>
        Link your Telegram account to receive your matches and password reset codes.
      </p>
      {link.data ? (
        <Callout intent="primary" icon="send-message" className={styles.result}>
          <p>
            Open the link in Telegram, or send this code to the bot: <Code>{link.data.code}</Code>
          </p>
          <AnchorButton
            intent="primary"
            href={link.data.url}
            target="_blank"
            rel="noopener noreferrer"
            endIcon="share"
          >
            Open Telegram
          </AnchorButton>
          <p className={clsx(Classes.TEXT_MUTED, styles.expiry)}>
            The code expires {new Date(link.data.expiresAt).toLocaleString("he-IL")}.
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
          Link Telegram
        </Button>
      )}
      {link.isError && !asking ? (
        <Callout intent={wanted ? "warning" : "danger"} icon="error" role="alert" className={styles.result}>
          <p>{link.error.message}</p>
          {wanted === "signIn" ? (
            <Button icon="log-in" onClick={() => void signOut()}>
              {LINK_TEXTS.signInAgain}
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
