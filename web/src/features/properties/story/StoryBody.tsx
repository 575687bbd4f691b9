import { Icon } from "@blueprintjs/core";
import clsx from "clsx";
import { Fragment, type ReactNode, useMemo } from "react";
import { ListingFacts } from "../../../components/ListingFacts.tsx";
import { ListingWarnings } from "../../../components/ListingWarnings.tsx";
import { PlaceDistances } from "../../../components/PlaceDistances.tsx";
import { useTranslation } from "../../../i18n/index.ts";
import { entryDateText } from "../../../lib/entryDate.ts";
import { useSavedPlaces } from "../../../lib/savedPlaces.tsx";
import type { AssetStory } from "../types.ts";
import { pricePoints } from "./chart.ts";
import { Description } from "./Description.tsx";
import { MarketState } from "./MarketState.tsx";
import { PriceChart } from "./PriceChart.tsx";
import { PriceSignalView } from "./PriceSignalView.tsx";
import { SourceList } from "./SourceList.tsx";
import styles from "./StoryBody.module.css";
import { StoryActions, StoryFacts } from "./StoryFacts.tsx";
import { StoryPhotos } from "./StoryPhotos.tsx";
import shared from "./shared.module.css";
import {
  alsoOnLabels,
  marketState,
  ownSourceIndex,
  placeText,
  priceChangeText,
  priceDelta,
  shekels,
  shortDate,
} from "./texts.ts";

// The story of one flat, top to bottom: photos; price, place and "also on"; the facts and links;
// days on market and state; price history; price signal; where it appeared; the ad's text.

/** A drop in green, a rise in amber (for a tenant, cheaper is good news). */
const changeClass = (delta: number | null) =>
  delta === null || delta === 0 ? undefined : delta < 0 ? styles.down : styles.up;

function Section({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <section className={shared.section} aria-label={title} data-testid={testId}>
      <h3 className={styles.sectionTitle}>{title}</h3>
      {children}
    </section>
  );
}

const MARK = "\u0000";

/** 'Also on Facebook · group, Yad2': the sentence from the catalogue, each source isolated in it. */
function AlsoOn({ labels }: { labels: string[] }) {
  const { t } = useTranslation("properties");
  // The sentence around a mark where the names go, so each name sits in a <bdi> of its own.
  const [before = "", after = ""] = t("story.alsoOn", { sources: MARK }).split(MARK);
  return (
    <span>
      {before}
      {labels.map((label, i) => (
        <Fragment key={label}>
          {i ? t("story.list") : null}
          <bdi>{label}</bdi>
        </Fragment>
      ))}
      {after}
    </span>
  );
}

export function StoryBody({ story, titleId }: { story: AssetStory; titleId: string }) {
  const { t, i18n } = useTranslation("properties");
  const places = useSavedPlaces();
  const entry = entryDateText(story.entryDate, i18n.language);
  // One clock for the whole drawer, so every "days ago" and "Today" agree.
  const now = useMemo(() => Date.now(), []);
  const points = useMemo(() => pricePoints(story.priceHistory), [story.priceHistory]);
  const state = marketState(story.sources);
  const alsoOn = alsoOnLabels(story);
  const own = story.sources[ownSourceIndex(story)] ?? null;
  const change = priceChangeText(points);
  const end = state && !state.live ? Date.parse(state.removedAt) || now : now;
  const perRoom = story.price !== null && story.rooms ? story.price / story.rooms : null;
  const place = placeText(story.location, story.neighborhood, story.city);

  return (
    <div className={shared.body}>
      <StoryPhotos
        images={story.images}
        source={story.src}
        label={story.location.trim() || t("card.untitled")}
      />
      <header className={shared.head}>
        <div className={styles.price} data-testid="story-price">
          {story.price !== null ? (
            <>
              <strong>{shekels(story.price)}</strong>
              <span>{t("story.perMonth")}</span>
            </>
          ) : (
            <strong className={styles.call}>{t("story.callForPrice")}</strong>
          )}
        </div>
        {/* <bdi>: a Hebrew address keeps its own direction inside the page's left-aligned column. */}
        <h2 id={titleId} className={styles.title}>
          <bdi>{story.location.trim() || t("card.untitled")}</bdi>
        </h2>
        {place ? (
          <div className={styles.place}>
            <bdi>{place}</bdi>
          </div>
        ) : null}
        {entry ? (
          <div className={styles.entry} data-testid="story-entry">
            <Icon icon="key" size={14} />
            {entry}
          </div>
        ) : null}
        {alsoOn.length ? (
          <div className={styles.also} data-testid="story-also-on">
            <Icon icon="duplicate" size={14} />
            <AlsoOn labels={alsoOn} />
          </div>
        ) : null}
      </header>
      <ListingWarnings warnings={story.warnings} className={shared.listingWarnings} />
      <StoryFacts story={story} />
      <ListingFacts asset={story} unknowns className={shared.listingFacts} />
      <PlaceDistances asset={story} places={places} variant="lines" className={shared.listingFacts} />
      <StoryActions story={story} />
      {story.firstSeenAt ? (
        <Section title={t("story.onMarket")} testId="story-market-section">
          <MarketState firstSeenAt={story.firstSeenAt} state={state} now={now} />
        </Section>
      ) : null}
      {points.length ? (
        <Section title={t("story.priceHistory")} testId="story-price-history">
          {change ? (
            <div className={clsx(styles.change, changeClass(priceDelta(points)))}>{change}</div>
          ) : null}
          <PriceChart
            points={points}
            end={end}
            endLabel={
              state && !state.live ? t("story.removed", { date: shortDate(end, now) }) : t("story.today")
            }
            now={now}
          />
        </Section>
      ) : null}
      {story.priceSignal ? (
        <Section title={t("story.priceSignal")} testId="story-signal-section">
          <PriceSignalView signal={story.priceSignal} perRoom={perRoom} />
        </Section>
      ) : null}
      {story.sources.length ? (
        <Section title={t("story.sources")} testId="story-sources">
          <SourceList sources={story.sources} own={own} now={now} />
        </Section>
      ) : null}
      {story.description.trim() ? (
        <Section title={t("story.description")} testId="story-description">
          <Description text={story.description.trim()} />
        </Section>
      ) : null}
    </div>
  );
}
