import { Classes, Icon } from "@blueprintjs/core";
import clsx from "clsx";
import type { BlockedPeriod } from "./api.ts";
import styles from "./BlockedTimeline.module.css";
import { timelineSegments } from "./geometry.ts";
import shared from "./shared.module.css";
import { period } from "./texts.ts";

// When the source was blocked (captcha, bot manager, a login wall) in the last 24 hours: marks on
// a day-long strip, then the periods themselves, newest first.

const LISTED = 4;

export function BlockedTimeline({ periods, now }: { periods: BlockedPeriod[]; now: number }) {
  const segments = timelineSegments(periods, now);
  const newest = [...segments].reverse();
  return (
    <div className={styles.timeline}>
      <div
        className={styles.strip}
        role="img"
        aria-label={`${segments.length} blocked periods in the last 24 hours`}
      >
        {segments.map((s) => (
          <span
            key={s.from}
            className={clsx(styles.mark, s.to === null && styles.open)}
            style={{ left: `${s.left}%`, width: `${s.width}%` }}
            title={`${period(s.from, s.to)} · ${s.reason}`}
          />
        ))}
      </div>
      <div className={clsx(Classes.TEXT_MUTED, shared.times)} aria-hidden="true">
        <span>24 h ago</span>
        <span>12 h</span>
        <span>now</span>
      </div>
      {newest.length === 0 ? (
        <p className={styles.none}>
          <Icon icon="tick-circle" size={14} intent="success" /> Not blocked in the last 24 hours
        </p>
      ) : (
        <ul className={styles.list}>
          {newest.slice(0, LISTED).map((s) => (
            <li key={s.from}>
              <span className={styles.when}>{period(s.from, s.to)}</span>
              <span className={styles.reason}>{s.reason}</span>
            </li>
          ))}
          {newest.length > LISTED ? (
            <li className={Classes.TEXT_MUTED}>and {newest.length - LISTED} earlier</li>
          ) : null}
        </ul>
      )}
    </div>
  );
}
