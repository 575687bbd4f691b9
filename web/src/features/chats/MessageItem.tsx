import { Button, Icon, Tag } from "@blueprintjs/core";
import clsx from "clsx";
import { memo, useState } from "react";
import { useTranslation } from "../../i18n/index.ts";
import { AssetCard } from "./AssetCard.tsx";
import { formatPrice, formatTime, isAdminSender, isOwn, senderName } from "./format.ts";
import { Places } from "./Isolated.tsx";
import { MatchActions, type MatchHandlers } from "./MatchActions.tsx";
import styles from "./MessageItem.module.css";
import { isPriceDrop, PriceDrop } from "./PriceDrop.tsx";
import type { Message } from "./types.ts";
import type { People } from "./votes.ts";

/** What a match card needs beside its message: the chat's people and the vote handlers. */
export interface MatchContext {
  people: People;
  mayVote: boolean;
  handlers: MatchHandlers;
}

// One message: sender name, 'Admin ✓' for admins, HH:mm, the viewer's own on the
// right in green, text or an asset card, and a star. Content is React text, never HTML.

export const MessageItem = memo(function MessageItem({
  message,
  botName,
  userId,
  onStar,
  match,
}: {
  message: Message;
  botName: string;
  userId: string;
  onStar: (message: Message) => void;
  match?: MatchContext;
}) {
  const { t } = useTranslation("chats");
  const [unfolded, setUnfolded] = useState(false);
  const own = isOwn(message, userId);
  const asset = message.type === "asset" && message.asset ? message.asset : null;
  const drop = isPriceDrop(message);
  // A flat every member turned down is folded away: one line, opened on demand.
  if (asset && message.folded && !unfolded)
    return (
      <div className={styles.message} data-testid="chat-message" data-message-id={message._id} data-folded>
        <div className={clsx(styles.bubble, styles.folded)}>
          <Icon icon="thumbs-down" intent="danger" size={12} aria-hidden />
          <span className={styles.foldedText}>
            {t("votes.folded")}: {asset.location.trim() ? <Places raw={asset.location} /> : null}
            {asset.price !== null ? ` · ${formatPrice(asset.price)}` : null}
          </span>
          <Button size="small" variant="minimal" className={styles.unfold} onClick={() => setUnfolded(true)}>
            {t("votes.show")}
          </Button>
        </div>
      </div>
    );
  return (
    <div
      className={clsx(styles.message, own && styles.own, message.pending && styles.pending)}
      data-testid="chat-message"
      data-own={own}
      data-pending={Boolean(message.pending)}
      data-message-id={message._id}
    >
      <div className={clsx(styles.bubble, asset && styles.hasAsset, drop && styles.priceDrop)}>
        <div className={styles.meta}>
          <span className={styles.sender}>
            <bdi>{senderName(message, botName)}</bdi>
          </span>
          {isAdminSender(message) ? (
            <Tag minimal round intent="success">
              {t("message.admin")}
            </Tag>
          ) : null}
          <span className={styles.time} data-testid="message-time">
            {formatTime(message.timestamp ?? message.createdAt)}
          </span>
          <Button
            variant="minimal"
            size="small"
            icon={message.starred ? "star" : "star-empty"}
            intent={message.starred ? "warning" : "none"}
            aria-label={message.starred ? t("message.unstar") : t("message.star")}
            aria-pressed={message.starred}
            disabled={message.pending}
            className={styles.star}
            onClick={() => onStar(message)}
          />
        </div>
        {asset ? <AssetCard asset={asset} /> : null}
        {asset && match ? (
          <MatchActions
            message={message}
            userId={userId}
            people={match.people}
            mayVote={match.mayVote}
            handlers={match.handlers}
          />
        ) : null}
        {asset && message.folded ? (
          <Button size="small" variant="minimal" className={styles.unfold} onClick={() => setUnfolded(false)}>
            {t("votes.fold")}
          </Button>
        ) : null}
        {drop ? <PriceDrop message={message} /> : null}
        {/* An asset message's text is a one-line summary of the card (for previews). */}
        {!asset && !drop && message.content ? (
          <div className={styles.text} dir="auto">
            {message.content}
          </div>
        ) : null}
      </div>
    </div>
  );
});
