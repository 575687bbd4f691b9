import { Button, Classes, Tooltip } from "@blueprintjs/core";
import { avatarUrl } from "../../lib/avatar.ts";

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
    <div className="chat-header">
      {onBack ? (
        <Button variant="minimal" icon="arrow-left" aria-label="Back to chats" onClick={onBack} />
      ) : null}
      <img className="chat-avatar" src={avatarUrl(undefined, chatId)} alt="" width={40} height={40} />
      <div className="chat-header__who">
        <div className="chat-header__title" dir="auto">
          {title}
        </div>
        {subtitle ? <div className={`${Classes.TEXT_MUTED} chat-header__subtitle`}>{subtitle}</div> : null}
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
          className={`chat-connection${connected ? " is-connected" : ""}`}
          role="status"
          aria-label={connected ? "Connected to chat server" : "Disconnected from chat server"}
        />
      </Tooltip>
    </div>
  );
}
