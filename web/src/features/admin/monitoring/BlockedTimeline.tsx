import { Classes, Icon } from "@blueprintjs/core";
import type { BlockedPeriod } from "./api.ts";
import { timelineSegments } from "./geometry.ts";
import { period } from "./texts.ts";

// When the source was blocked (captcha, bot manager, a login wall) in the last 24 hours: marks on
// a day-long strip, then the periods themselves, newest first.

const LISTED = 4;

export function BlockedTimeline({ periods, now }: { periods: BlockedPeriod[]; now: number }) {
  const segments = timelineSegments(periods, now);
  const newest = [...segments].reverse();
  return (
    <div className="blocked-timeline">
      <div
        className="blocked-timeline__strip"
        role="img"
        aria-label={`${segments.length} blocked periods in the last 24 hours`}
      >
        {segments.map((s) => (
          <span
            key={s.from}
            className={`blocked-timeline__mark ${s.to === null ? "blocked-timeline__mark--open" : ""}`}
            style={{ left: `${s.left}%`, width: `${s.width}%` }}
            title={`${period(s.from, s.to)} · ${s.reason}`}
          />
        ))}
      </div>
      <div className={`${Classes.TEXT_MUTED} blocked-timeline__times`} aria-hidden="true">
        <span>24 h ago</span>
        <span>12 h</span>
        <span>now</span>
      </div>
      {newest.length === 0 ? (
        <p className="blocked-timeline__none">
          <Icon icon="tick-circle" size={14} intent="success" /> Not blocked in the last 24 hours
        </p>
      ) : (
        <ul className="blocked-timeline__list">
          {newest.slice(0, LISTED).map((s) => (
            <li key={s.from}>
              <span className="blocked-timeline__when">{period(s.from, s.to)}</span>
              <span className="blocked-timeline__reason">{s.reason}</span>
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
