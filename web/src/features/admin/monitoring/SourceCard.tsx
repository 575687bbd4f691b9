import { Callout, Card, Classes, Elevation, Icon, type IconName, Tag } from "@blueprintjs/core";
import clsx from "clsx";
import type { SourceFigures } from "./api.ts";
import { BlockedTimeline } from "./BlockedTimeline.tsx";
import { FiguresTable } from "./FiguresTable.tsx";
import { FreshnessSummary } from "./FreshnessSummary.tsx";
import styles from "./SourceCard.module.css";

// One source's figures: its runs over the hour and the day, how fresh its flats arrive, and when
// it was blocked.

const ICONS: Record<SourceFigures["name"], IconName> = {
  "yad2-scraper": "search-template",
  "yad2-cleaner": "clean",
  "facebook-scraper": "people",
};

export function SourceCard({ source, now }: { source: SourceFigures; now: number }) {
  const blockedNow = source.blocked.some((p) => p.to === null);
  return (
    <Card elevation={Elevation.ONE} className={styles.card} data-testid={`figures-${source.name}`}>
      <header className={styles.head}>
        <div className={styles.badge} aria-hidden="true">
          <Icon icon={ICONS[source.name]} size={18} />
        </div>
        <h3 className={styles.title}>{source.title}</h3>
        {blockedNow ? (
          <Tag round intent="danger" icon="disable">
            Blocked now
          </Tag>
        ) : null}
      </header>
      {source.error ? (
        <Callout intent="warning" compact icon="offline">
          No run figures: {source.error}
        </Callout>
      ) : (
        <FiguresTable source={source} />
      )}
      <section className={styles.part} aria-label="Freshness">
        <h4 className={clsx(Classes.TEXT_MUTED, styles.subhead)}>Freshness · source to first chat</h4>
        <FreshnessSummary source={source} />
      </section>
      <section className={styles.part} aria-label="Blocked periods">
        <h4 className={clsx(Classes.TEXT_MUTED, styles.subhead)}>Blocked · last 24 hours</h4>
        <BlockedTimeline periods={source.blocked} now={now} />
      </section>
    </Card>
  );
}

/** A card's place while the figures load. */
export function SourceCardSkeleton() {
  return <Card elevation={Elevation.ONE} className={clsx(styles.card, Classes.SKELETON)} aria-busy />;
}
