import { Classes, Icon } from "@blueprintjs/core";
import clsx from "clsx";
import type { MouseEvent } from "react";
import { Link } from "react-router-dom";
import { useTranslation } from "../../i18n/index.ts";
import { useBotChat } from "../chats/index.ts";
import type { Bot } from "./api.ts";
import styles from "./BotCard.module.css";

// The card's way to the bot's chat: a real link (a new tab works), which on a plain click finds the
// chat first when the list has not told it yet.

export function BotChatLink({ bot, chatName }: { bot: Bot; chatName: string }) {
  const { t } = useTranslation("bots");
  const chat = useBotChat(bot._id);
  const onClick = (event: MouseEvent) => {
    // The card around it opens the settings on a click: this one is the link's alone.
    event.stopPropagation();
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    void chat.open();
  };
  return (
    <Link
      to={chat.href}
      onClick={onClick}
      onKeyDown={(event) => event.stopPropagation()}
      className={clsx(Classes.BUTTON, Classes.SMALL, Classes.MINIMAL, Classes.INTENT_PRIMARY, styles.chat)}
      aria-label={t("card.openChatLabel", { name: chatName })}
      data-testid="bot-chat-link"
    >
      <Icon icon="chat" size={14} />
      <span>{t("card.openChat")}</span>
    </Link>
  );
}
