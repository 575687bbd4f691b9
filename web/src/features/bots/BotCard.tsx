import { Button, Card, Classes, Icon, Tag, Tooltip } from "@blueprintjs/core";
import clsx from "clsx";
import type { KeyboardEvent, MouseEvent } from "react";
import type { Bot } from "./api.ts";
import styles from "./BotCard.module.css";
import { formatCreatedAt } from "./format.ts";
import { RobotPicture } from "./RobotPicture.tsx";
import { chatNameOf, creatorName, noun } from "./texts.ts";

// One bot in the My Bots grid. The whole card opens the settings; the two
// icon buttons stop the click so Delete never opens the settings too.

interface Props {
  bot: Bot;
  onEdit: (bot: Bot) => void;
  onDelete: (bot: Bot) => void;
}

export function BotCard({ bot, onEdit, onDelete }: Props) {
  const chatName = chatNameOf(bot);
  const seen = bot.seenPosts?.length ?? 0;
  const areas = bot.neighborhoodCodes?.length ?? 0;
  const open = () => onEdit(bot);
  const onKey = (event: KeyboardEvent) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      open();
    }
  };
  const act = (handler: (bot: Bot) => void) => (event: MouseEvent) => {
    event.stopPropagation();
    handler(bot);
  };

  return (
    <Card
      interactive
      className={styles.card}
      onClick={open}
      onKeyDown={onKey}
      tabIndex={0}
      role="button"
      aria-label={`Bot ${chatName}`}
      data-testid="bot-card"
    >
      <div className={styles.top}>
        <Tag round minimal intent={bot.isActive ? "success" : "none"}>
          {bot.isActive ? "Active" : "Inactive"}
        </Tag>
        <div className={styles.actions}>
          <Tooltip content="Edit Bot" placement="top">
            <Button variant="minimal" size="small" icon="edit" aria-label="Edit Bot" onClick={act(onEdit)} />
          </Tooltip>
          <Tooltip content="Delete Bot" placement="top">
            <Button
              variant="minimal"
              size="small"
              icon="trash"
              intent="danger"
              aria-label="Delete Bot"
              onClick={act(onDelete)}
            />
          </Tooltip>
        </div>
      </div>
      <RobotPicture seed={bot._id} dimmed={!bot.isActive} />
      <h3 className={clsx(Classes.HEADING, styles.name)} title={chatName}>
        {chatName}
      </h3>
      <p className={clsx(Classes.TEXT_MUTED, styles.user)} title={creatorName(bot)}>
        User: {creatorName(bot)}
      </p>
      <div className={styles.stats}>
        <span title="Seen posts">
          <Icon icon="eye-open" size={12} /> {seen}
          <span className={styles.statLabel}> {noun(seen, "seen post", "seen posts")}</span>
        </span>
        <span title="Areas">
          <Icon icon="map-marker" size={12} /> {areas}
          <span className={styles.statLabel}> {noun(areas, "area", "areas")}</span>
        </span>
      </div>
      <time className={clsx(Classes.TEXT_MUTED, styles.time)} dateTime={bot.createdAt ?? undefined}>
        {formatCreatedAt(bot.createdAt)}
      </time>
    </Card>
  );
}
