import { Button, Card, Classes, Icon, Tag, Tooltip } from "@blueprintjs/core";
import clsx from "clsx";
import type { KeyboardEvent, MouseEvent } from "react";
import { formatNumber } from "../../i18n/format.ts";
import { useTranslation } from "../../i18n/index.ts";
import { Trans } from "../../i18n/trans.ts";
import type { Bot } from "./api.ts";
import styles from "./BotCard.module.css";
import { BotChatLink } from "./BotChatLink.tsx";
import { BotWatch } from "./BotWatch.tsx";
import { formatCreatedAt } from "./format.ts";
import { RobotPicture } from "./RobotPicture.tsx";
import { botState, chatNameOf, creatorName } from "./texts.ts";

// One bot in the My Bots grid. The whole card opens the settings; the buttons on it stop the
// click so Delete never opens the settings too. The names on it are the users' own, in any
// language: each is isolated so it never reorders the words around it. A bot without areas is
// never called Active: it says what it lacks and offers to choose them.

interface Props {
  bot: Bot;
  onEdit: (bot: Bot) => void;
  onDelete: (bot: Bot) => void;
  /** Opens the settings on the areas field (a bot without areas). */
  onChooseAreas: (bot: Bot) => void;
  /** The way to the bot's chat (My Bots: the caller's own bots). */
  chatLink?: boolean;
  /**
   * Opens Share: on My Bots the owner invites and removes, a member sees who shares it and leaves;
   * on the admins' list (no `me`) a shared bot's members are listed.
   */
  onShare?: (bot: Bot) => void;
  /** The reader's user id: a bot shared with them hides the owner's controls. */
  me?: string;
}

export function BotCard({ bot, onEdit, onDelete, onChooseAreas, chatLink = false, onShare, me }: Props) {
  const { t } = useTranslation("bots");
  // A bot shared with the reader: no delete; settings only while the owner lets members edit.
  const member = me !== undefined && bot.createdBy?._id !== me;
  const mayEdit = !member || bot.membersMayEdit;
  const sharedWith = bot.memberIds?.length ?? 0;
  const chatName = chatNameOf(bot);
  const state = botState(bot);
  const seen = bot.seenPosts?.length ?? 0;
  const areas = bot.neighborhoodCodes?.length ?? 0;
  const open = () => (mayEdit || !onShare ? onEdit(bot) : onShare(bot));
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
      data-state={state}
    >
      <div className={styles.top}>
        <Tag
          round
          minimal
          intent={state === "active" ? "success" : state === "needsAreas" ? "warning" : "none"}
          data-testid="bot-status"
        >
          {state === "active"
            ? t("card.active")
            : state === "needsAreas"
              ? t("card.needsAreas")
              : t("card.inactive")}
        </Tag>
        <div className={styles.actions}>
          {onShare && (me !== undefined || sharedWith > 0) ? (
            <Tooltip content={member || !me ? t("share.membersButton") : t("share.button")} placement="top">
              <Button
                variant="minimal"
                size="small"
                icon="people"
                aria-label={member || !me ? t("share.membersButton") : t("share.button")}
                onClick={act(onShare)}
                data-testid="bot-share"
              />
            </Tooltip>
          ) : null}
          {mayEdit ? (
            <Tooltip content={t("card.edit")} placement="top">
              <Button
                variant="minimal"
                size="small"
                icon="edit"
                aria-label={t("card.edit")}
                onClick={act(onEdit)}
              />
            </Tooltip>
          ) : null}
          {member ? null : (
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
          )}
        </div>
      </div>
      <RobotPicture seed={bot._id} dimmed={state === "paused"} waiting={state === "needsAreas"} size={56} />
      <h3 className={clsx(Classes.HEADING, styles.name)} title={chatName} dir="auto">
        {chatName}
      </h3>
      <p className={clsx(Classes.TEXT_MUTED, styles.user)} title={creatorName(bot)}>
        <Trans t={t} i18nKey="card.user" values={{ name: creatorName(bot) }} components={{ name: <bdi /> }} />
      </p>
      {member ? (
        <Tag minimal round icon="people" intent="primary" data-testid="bot-shared">
          {t("share.sharedWithYou")}
        </Tag>
      ) : sharedWith > 0 ? (
        <Tag minimal round icon="people" intent="primary" data-testid="bot-shared">
          {t("share.sharedWith", { count: sharedWith })}
        </Tag>
      ) : null}
      {areas ? (
        <BotWatch bot={bot} />
      ) : (
        <div className={styles.lacks} data-testid="bot-lacks">
          <span className={styles.lacksText}>
            <Icon icon="warning-sign" size={12} intent="warning" /> {t("card.needsAreasTitle")}
          </span>
          <Button
            size="small"
            intent="primary"
            icon="map-marker"
            text={t("card.chooseAreas")}
            aria-label={t("card.chooseAreasLabel", { name: chatName })}
            onClick={act(onChooseAreas)}
          />
        </div>
      )}
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
      {chatLink ? <BotChatLink bot={bot} chatName={chatName} /> : null}
    </Card>
  );
}
