import { Icon, Tag } from "@blueprintjs/core";
import clsx from "clsx";
import { useTranslation } from "../../../i18n/index.ts";
import { tp } from "../texts.ts";
import type { AssetSource } from "../types.ts";
import styles from "./SourceList.module.css";
import { shortDate, sourceLabel, sourceName, sourcesInOrder } from "./texts.ts";

// Where it appeared: every place the flat was seen, oldest first, each with its link and dates;
// the ad being shown is marked, and a source that dropped it is greyed with the day it did.

const MARK: Record<string, string> = { yad2: "Y2", facebook: "f", demo: "D" };
/** The sources with a colour of their own; any other gets the grey mark. */
const MARK_CLASS: Record<string, string | undefined> = { yad2: styles.yad2, facebook: styles.facebook };

/** A live source's first and last sighting; a removed one's removal and first sighting (its last is the eve of it). */
function datesText(source: AssetSource, now: number): string {
  const first = shortDate(source.firstSeenAt, now);
  if (source.removedAt !== null)
    return tp("story.removedSeen", { removed: shortDate(source.removedAt, now), first });
  const last = shortDate(source.lastSeenAt, now);
  return first === last ? tp("story.seen", { date: first }) : tp("story.seenRange", { first, last });
}

export function SourceList({
  sources,
  own,
  now,
}: {
  sources: AssetSource[];
  own: AssetSource | null;
  now: number;
}) {
  const { t } = useTranslation("properties");
  return (
    <ul className={styles.sources}>
      {sourcesInOrder(sources).map((source) => {
        const label = sourceLabel(source);
        const removed = source.removedAt !== null;
        return (
          <li
            key={`${source.source}:${source.url ?? ""}:${source.firstSeenAt}`}
            className={clsx(styles.item, removed && styles.removed)}
            data-testid="story-source"
          >
            <span className={clsx(styles.mark, MARK_CLASS[source.source])} aria-hidden="true">
              {MARK[source.source] ?? source.source.slice(0, 1).toUpperCase()}
            </span>
            <div className={styles.text}>
              <div className={styles.name}>
                {/* The source's name, then the group's own words, each in its own direction. */}
                <bdi>{sourceName(source.source)}</bdi>
                {source.group?.trim() ? (
                  <>
                    {" · "}
                    <bdi>{source.group.trim()}</bdi>
                  </>
                ) : null}
                {source === own ? (
                  <Tag minimal round className={styles.thisAd}>
                    {t("story.thisAd")}
                  </Tag>
                ) : null}
              </div>
              <div className={styles.dates}>{datesText(source, now)}</div>
            </div>
            {source.url ? (
              <a
                className={styles.link}
                href={source.url}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={t("story.openOn", { source: label })}
              >
                <Icon icon="share" size={14} />
              </a>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
