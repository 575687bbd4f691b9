import { Callout, Card, Classes, Elevation, Icon, type IconName, Tag } from "@blueprintjs/core";
import type { SourceFigures } from "./api.ts";
import { BlockedTimeline } from "./BlockedTimeline.tsx";
import { FiguresTable } from "./FiguresTable.tsx";
import { FreshnessSummary } from "./FreshnessSummary.tsx";

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
    <Card elevation={Elevation.ONE} className="figures-card" data-testid={`figures-${source.name}`}>
      <header className="figures-card__head">
        <div className="figures-card__badge" aria-hidden="true">
          <Icon icon={ICONS[source.name]} size={18} />
        </div>
        <h3 className="figures-card__title">{source.title}</h3>
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
      <section className="figures-card__part" aria-label="Freshness">
        <h4 className={`${Classes.TEXT_MUTED} figures-card__subhead`}>Freshness · source to first chat</h4>
        <FreshnessSummary source={source} />
      </section>
      <section className="figures-card__part" aria-label="Blocked periods">
        <h4 className={`${Classes.TEXT_MUTED} figures-card__subhead`}>Blocked · last 24 hours</h4>
        <BlockedTimeline periods={source.blocked} now={now} />
      </section>
    </Card>
  );
}
