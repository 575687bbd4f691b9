import { Button, Classes, Tooltip } from "@blueprintjs/core";
import clsx from "clsx";
import { useTranslation } from "../../i18n/index.ts";
import { ChatAvatar } from "./ChatAvatar.tsx";
import styles from "./ChatHeader.module.css";

// The conversation's header: back (small screens), avatar picked by hashing the
// chat id, bot name, starred-only and shortlist toggles and the connection dot.

export function ChatHeader({
  chatId,
  title,
  subtitle,
  connected,
  starredOnly,
  onStarredOnly,
  shortlist,
  onShortlist,
  onBack,
}: {
  chatId: string;
  title: string;
  subtitle?: string;
  connected: boolean;
  starredOnly: boolean;
  onStarredOnly: (on: boolean) => void;
  /** The shortlist shown in place of the messages. */
  shortlist: boolean;
  onShortlist: (on: boolean) => void;
  onBack?: () => void;
}) {
  const { t } = useTranslation("chats");
  const link = connected ? t("header.connected") : t("header.disconnected");
  return (
    <div className={styles.header}>
      {onBack ? (
        <Button variant="minimal" icon="arrow-left" aria-label={t("header.back")} onClick={onBack} />
      ) : null}
      <ChatAvatar chatId={chatId} />
      <div className={styles.who}>
        <div className={styles.title} data-testid="chat-title">
          <bdi>{title}</bdi>
        </div>
        {subtitle ? (
          <div className={clsx(Classes.TEXT_MUTED, styles.subtitle)}>
            <bdi>{subtitle}</bdi>
          </div>
        ) : null}
      </div>
      <Tooltip content={starredOnly ? t("header.showAll") : t("header.showStarred")} placement="bottom">
        <Button
          variant="minimal"
          icon={starredOnly ? "star" : "star-empty"}
          intent={starredOnly ? "warning" : "none"}
          aria-label={t("header.starredOnly")}
          aria-pressed={starredOnly}
          onClick={() => onStarredOnly(!starredOnly)}
        />
      </Tooltip>
      <Tooltip content={shortlist ? t("header.showAll") : t("header.showShortlist")} placement="bottom">
        <Button
          variant={shortlist ? "solid" : "minimal"}
          intent={shortlist ? "success" : "none"}
          icon="thumbs-up"
          aria-label={t("header.shortlist")}
          aria-pressed={shortlist}
          onClick={() => onShortlist(!shortlist)}
          data-testid="shortlist-toggle"
        >
          <span className={styles.wide}>{t("header.shortlist")}</span>
        </Button>
      </Tooltip>
      <Tooltip content={link} placement="bottom-end">
        <span
          className={clsx(styles.connection, connected && styles.connected)}
          role="status"
          aria-label={link}
        />
      </Tooltip>
    </div>
  );
}
