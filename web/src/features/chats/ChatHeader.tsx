import { Button, Classes, Tooltip } from "@blueprintjs/core";
import clsx from "clsx";
import { ChatAvatar } from "./ChatAvatar.tsx";
import styles from "./ChatHeader.module.css";

// The conversation's header: back (small screens), avatar picked by hashing the
// chat id, bot name, starred-only toggle and the connection dot.

export function ChatHeader({
  chatId,
  title,
  subtitle,
  connected,
  starredOnly,
  onStarredOnly,
  onBack,
}: {
  chatId: string;
  title: string;
  subtitle?: string;
  connected: boolean;
  starredOnly: boolean;
  onStarredOnly: (on: boolean) => void;
  onBack?: () => void;
}) {
  return (
    <div className={styles.header}>
      {onBack ? (
        <Button variant="minimal" icon="arrow-left" aria-label="Back to chats" onClick={onBack} />
      ) : null}
      <ChatAvatar chatId={chatId} />
      <div className={styles.who}>
        <div className={styles.title} dir="auto" data-testid="chat-title">
          {title}
        </div>
        {subtitle ? <div className={clsx(Classes.TEXT_MUTED, styles.subtitle)}>{subtitle}</div> : null}
      </div>
      <Tooltip content={starredOnly ? "Show all messages" : "Show starred messages only"} placement="bottom">
        <Button
          variant="minimal"
          icon={starredOnly ? "star" : "star-empty"}
          intent={starredOnly ? "warning" : "none"}
          aria-label="Starred only"
          aria-pressed={starredOnly}
          onClick={() => onStarredOnly(!starredOnly)}
        />
      </Tooltip>
      <Tooltip
        content={connected ? "Connected to chat server" : "Disconnected from chat server"}
        placement="bottom-end"
      >
        <span
          className={clsx(styles.connection, connected && styles.connected)}
          role="status"
          aria-label={connected ? "Connected to chat server" : "Disconnected from chat server"}
        />
      </Tooltip>
    </div>
  );
}
