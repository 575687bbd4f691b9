import { AnchorButton, Button, Callout, Classes, Code, Icon } from "@blueprintjs/core";
import { useMutation } from "@tanstack/react-query";
import type { User } from "../auth/index.ts";
import { createTelegramLink } from "./api.ts";

// Linking Telegram is what makes password reset possible (codes go there, SPEC §1). The server gives a
// one-time code and a bot deep link carrying it; opening the link (or sending the code to the bot)
// completes the link on the Telegram side.
export function TelegramLink({ user }: { user: User }) {
  const link = useMutation({ mutationFn: createTelegramLink });

  if (user.telegram?.linked) {
    return (
      <Callout intent="success" icon="tick-circle">
        Telegram linked: @{user.telegram.username}
      </Callout>
    );
  }
  return (
    <div className="telegram-link">
      <p className={Classes.TEXT_MUTED}>Link your Telegram account to receive password reset codes.</p>
      {link.data ? (
        <Callout intent="primary" icon="send-message" className="telegram-link__result">
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
          <p className={`${Classes.TEXT_MUTED} telegram-link__expiry`}>
            The code expires {new Date(link.data.expiresAt).toLocaleString("he-IL")}.
          </p>
        </Callout>
      ) : (
        <Button icon={<Icon icon="send-message" />} loading={link.isPending} onClick={() => link.mutate()}>
          Link Telegram
        </Button>
      )}
      {link.isError ? (
        <Callout intent="danger" icon="error" role="alert" className="telegram-link__result">
          {link.error.message}
        </Callout>
      ) : null}
    </div>
  );
}
