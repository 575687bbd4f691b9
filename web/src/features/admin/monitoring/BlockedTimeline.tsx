import { Classes, Icon } from "@blueprintjs/core";
import clsx from "clsx";
import { useTranslation } from "../../../i18n/index.ts";
import type { BlockedPeriod } from "./api.ts";
import styles from "./BlockedTimeline.module.css";
import { timelineSegments } from "./geometry.ts";
import shared from "./shared.module.css";
import { count, isolate, period } from "./texts.ts";

// When the source was blocked (captcha, bot manager, a login wall) in the last 24 hours: marks on
// a day-long strip (time runs in the reading direction, as its labels do), then the periods
// themselves, newest first.

const LISTED = 4;

export function BlockedTimeline({ periods, now }: { periods: BlockedPeriod[]; now: number }) {
  const { t } = useTranslation("admin");
  const segments = timelineSegments(periods, now);
  const newest = [...segments].reverse();
  return (
    <div className={styles.timeline}>
      <div
        className={styles.strip}
        role="img"
        aria-label={t("figures.timeline.strip", { count: segments.length })}
      >
        {segments.map((s) => (
          <span
            key={s.from}
            className={clsx(styles.mark, s.to === null && styles.open)}
            style={{ insetInlineStart: `${s.left}%`, width: `${s.width}%` }}
            title={`${period(s.from, s.to)} · ${isolate(s.reason)}`}
          />
        ))}
      </div>
      <div className={clsx(Classes.TEXT_MUTED, shared.times)} aria-hidden="true">
        <span>{t("figures.timeline.dayAgo")}</span>
        <span>{t("figures.timeline.halfDay")}</span>
        <span>{t("figures.timeline.now")}</span>
      </div>
      {newest.length === 0 ? (
        <p className={styles.none}>
          <Icon icon="tick-circle" size={14} intent="success" /> {t("figures.timeline.notBlocked")}
        </p>
      ) : (
        <ul className={styles.list}>
          {newest.slice(0, LISTED).map((s) => (
            <li key={s.from}>
              <span className={styles.when}>{period(s.from, s.to)}</span>
              <span className={styles.reason} dir="auto">
                {s.reason}
              </span>
            </li>
          ))}
          {newest.length > LISTED ? (
            <li className={Classes.TEXT_MUTED}>
              {t("figures.timeline.earlier", {
                count: newest.length - LISTED,
                n: count(newest.length - LISTED),
              })}
            </li>
          ) : null}
        </ul>
      )}
    </div>
  );
}
