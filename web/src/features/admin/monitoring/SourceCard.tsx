import { Callout, Card, Classes, Elevation, Icon, type IconName, Tag } from "@blueprintjs/core";
import clsx from "clsx";
import { useTranslation } from "../../../i18n/index.ts";
import { Trans } from "../../../i18n/trans.ts";
import type { SourceFigures } from "./api.ts";
import { BlockedTimeline } from "./BlockedTimeline.tsx";
import { FiguresTable } from "./FiguresTable.tsx";
import { FreshnessSummary } from "./FreshnessSummary.tsx";
import styles from "./SourceCard.module.css";
import { sourceTitle } from "./texts.ts";

// One source's figures: its runs over the hour and the day, how fresh its flats arrive, and when
// it was blocked.

const ICONS: Record<SourceFigures["name"], IconName> = {
  "yad2-scraper": "search-template",
  "yad2-cleaner": "clean",
  "facebook-scraper": "people",
};

export function SourceCard({ source, now }: { source: SourceFigures; now: number }) {
  const { t } = useTranslation("admin");
  const blockedNow = source.blocked.some((p) => p.to === null);
  return (
    <Card elevation={Elevation.ONE} className={styles.card} data-testid={`figures-${source.name}`}>
      <header className={styles.head}>
        <div className={styles.badge} aria-hidden="true">
          <Icon icon={ICONS[source.name]} size={18} />
        </div>
        <h3 className={styles.title}>{sourceTitle(t, source)}</h3>
        {blockedNow ? (
          <Tag round intent="danger" icon="disable">
            {t("figures.blockedNow")}
          </Tag>
        ) : null}
      </header>
      {source.error ? (
        <Callout intent="warning" compact icon="offline">
          <Trans
            t={t}
            i18nKey="figures.noRuns"
            values={{ reason: source.error }}
            components={{ reason: <bdi /> }}
          />
        </Callout>
      ) : (
        <FiguresTable source={source} />
      )}
      <section className={styles.part} aria-label={t("figures.freshness")}>
        <h4 className={clsx(Classes.TEXT_MUTED, styles.subhead)}>{t("figures.freshnessHead")}</h4>
        <FreshnessSummary source={source} />
      </section>
      <section className={styles.part} aria-label={t("figures.blocked")}>
        <h4 className={clsx(Classes.TEXT_MUTED, styles.subhead)}>{t("figures.blockedHead")}</h4>
        <BlockedTimeline periods={source.blocked} now={now} />
      </section>
    </Card>
  );
}

/** A card's place while the figures load. */
export function SourceCardSkeleton() {
  return <Card elevation={Elevation.ONE} className={clsx(styles.card, Classes.SKELETON)} aria-busy />;
}
