import { Button, Card, Classes, Icon, Tag, Tooltip } from "@blueprintjs/core";
import clsx from "clsx";
import type { KeyboardEvent, MouseEvent } from "react";
import { formatNumber } from "../../i18n/format.ts";
import { Trans, useTranslation } from "../../i18n/index.ts";
import type { Bot } from "./api.ts";
import styles from "./BotCard.module.css";
import { formatCreatedAt } from "./format.ts";
import { RobotPicture } from "./RobotPicture.tsx";
import { chatNameOf, creatorName } from "./texts.ts";

// One bot in the My Bots grid. The whole card opens the settings; the two
// icon buttons stop the click so Delete never opens the settings too. The names on it are the
// users' own, in any language: each is isolated so it never reorders the words around it.

interface Props {
  bot: Bot;
  onEdit: (bot: Bot) => void;
  onDelete: (bot: Bot) => void;
}

export function BotCard({ bot, onEdit, onDelete }: Props) {
  const { t } = useTranslation("bots");
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
      aria-label={t("card.label", { name: chatName })}
      data-testid="bot-card"
    >
      <div className={styles.top}>
        <Tag round minimal intent={bot.isActive ? "success" : "none"}>
          {bot.isActive ? t("card.active") : t("card.inactive")}
        </Tag>
        <div className={styles.actions}>
          <Tooltip content={t("card.edit")} placement="top">
            <Button
              variant="minimal"
              size="small"
              icon="edit"
              aria-label={t("card.edit")}
              onClick={act(onEdit)}
            />
          </Tooltip>
          <Tooltip content={t("card.delete")} placement="top">
            <Button
              variant="minimal"
              size="small"
              icon="trash"
              intent="danger"
              aria-label={t("card.delete")}
              onClick={act(onDelete)}
            />
          </Tooltip>
        </div>
      </div>
      <RobotPicture seed={bot._id} dimmed={!bot.isActive} />
      <h3 className={clsx(Classes.HEADING, styles.name)} title={chatName} dir="auto">
        {chatName}
      </h3>
      <p className={clsx(Classes.TEXT_MUTED, styles.user)} title={creatorName(bot)}>
        <Trans t={t} i18nKey="card.user" values={{ name: creatorName(bot) }} components={{ name: <bdi /> }} />
      </p>
      <div className={styles.stats}>
        <span title={t("card.seenTitle")}>
          <Icon icon="eye-open" size={12} /> {formatNumber(seen)}
          <span className={styles.statLabel}> {t("card.seen", { count: seen })}</span>
        </span>
        <span title={t("card.areasTitle")}>
          <Icon icon="map-marker" size={12} /> {formatNumber(areas)}
          <span className={styles.statLabel}> {t("card.areas", { count: areas })}</span>
        </span>
      </div>
      <time className={clsx(Classes.TEXT_MUTED, styles.time)} dateTime={bot.createdAt ?? undefined}>
        {formatCreatedAt(bot.createdAt)}
      </time>
    </Card>
  );
}
