import { Icon, type IconName, Tag } from "@blueprintjs/core";
import clsx from "clsx";
import { useEffect, useState } from "react";
import { FACTS } from "../../components/ListingFacts.tsx";
import { useTranslation } from "../../i18n/index.ts";
import { type Bot, choicesOf } from "./api.ts";
import styles from "./BotWatch.module.css";
import { areasParts, lastMatchLine, priceBand, roomsLine, weekLine } from "./texts.ts";

// What a bot watches, on its card: the first areas and how many more, the price band and rooms,
// its must-haves and what it also sends as the chips listing cards use, and how it is doing (the
// last match, this week's count). The relative time moves on by itself, a minute at a time.

const MUST: ReadonlyArray<"safeRoom" | "parking" | "elevator"> = ["safeRoom", "parking", "elevator"];
const iconOf = (key: string): IconName => FACTS.find((f) => f.key === key)?.icon ?? "tick";

/** The time now, again every minute, for "12 minutes ago". */
function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export function BotWatch({ bot }: { bot: Bot }) {
  const { t } = useTranslation("bots");
  const { t: common } = useTranslation();
  const now = useMinuteClock();
  const choices = choicesOf(bot);
  const must = MUST.filter((key) => choices[key]);
  const areas = areasParts(bot);
  return (
    <div className={styles.watch} data-testid="bot-watch">
      <p className={styles.line} title={areas.names} data-testid="bot-areas">
        <Icon icon="map-marker" size={12} className={styles.icon} />
        <span className={styles.clip}>{areas.names}</span>
        {areas.more ? " " : null}
        {areas.more ? <span className={clsx(styles.nowrap, styles.more)}>{areas.more}</span> : null}
      </p>
      <p className={clsx(styles.line, styles.band)} data-testid="bot-band">
        <span className={styles.nowrap}>{priceBand(bot)}</span>
        <span aria-hidden className={styles.dot}>
          ·
        </span>
        <span className={styles.nowrap}>{roomsLine(bot)}</span>
      </p>
      {must.length || choices.sublets || choices.rooms || bot.merchant === false ? (
        <div className={styles.chips} data-testid="bot-chips">
          {must.map((key) => (
            <Tag key={key} minimal round intent="success" icon={iconOf(key)}>
              {common(`facts.${key}`)}
            </Tag>
          ))}
          {choices.sublets ? (
            <Tag minimal round intent="primary" icon="calendar">
              {common("facts.sublet")}
            </Tag>
          ) : null}
          {choices.rooms ? (
            <Tag minimal round intent="primary" icon="people">
              {common("facts.room")}
            </Tag>
          ) : null}
          {bot.merchant === false ? (
            <Tag minimal round icon="person">
              {t("card.privateOnly")}
            </Tag>
          ) : null}
        </div>
      ) : null}
      <p className={clsx(styles.line, styles.match)} data-testid="bot-last-match">
        <Icon icon="time" size={12} className={styles.icon} />
        {/* Drawn by the gateway a moment before the browser takes the page over: a minute may have passed. */}
        <span suppressHydrationWarning>{lastMatchLine(bot, now)}</span>
      </p>
      {bot.lastMatchAt ? (
        <p className={clsx(styles.line, styles.week)} data-testid="bot-week">
          {weekLine(bot)}
        </p>
      ) : null}
    </div>
  );
}
