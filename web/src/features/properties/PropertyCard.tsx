import { Classes, Icon } from "@blueprintjs/core";
import clsx from "clsx";
import { Fragment, type MouseEvent } from "react";
import { ListingFacts } from "../../components/ListingFacts.tsx";
import { ListingWarnings } from "../../components/ListingWarnings.tsx";
import { PlaceDistances } from "../../components/PlaceDistances.tsx";
import { useTranslation } from "../../i18n/index.ts";
import { entryDateText } from "../../lib/entryDate.ts";
import { useSavedPlaces } from "../../lib/savedPlaces.tsx";
import { formatPrice } from "./filters.ts";
import {
  daysListed,
  daysText,
  floorText,
  isNew,
  roomsText,
  sellerText,
  sizeText,
  sourceText,
} from "./format.ts";
import { Gallery } from "./Gallery.tsx";
import { PriceSignalBadge } from "./PriceSignalBadge.tsx";
import styles from "./PropertyCard.module.css";
import type { PropertyAsset } from "./types.ts";

// A listing in the grid: the photos, the price first, the place,
// one calm line of rooms · m² · floor, when it was listed and when one can move in, the price
// against the area, then the labelled links. Clicking the card (or Story) opens the flat's story;
// the links open the map and the listing in new tabs. Every value is rendered as React text; the address is isolated from the page's
// direction, and each fact (a number with its unit) is a piece of its own.

interface Props {
  asset: PropertyAsset;
  onOpenStory: (id: string) => void;
  now?: number;
}

/** A link inside the card: a new tab, and no card click. */
function OutLink({ href, icon, children }: { href: string; icon: "map-marker" | "share"; children: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noreferrer"
      className={clsx(Classes.BUTTON, Classes.MINIMAL, Classes.SMALL, styles.link)}
      onClick={(event: MouseEvent) => event.stopPropagation()}
    >
      <Icon icon={icon} size={12} />
      <span className={Classes.BUTTON_TEXT}>{children}</span>
    </a>
  );
}

export function PropertyCard({ asset, onOpenStory, now = Date.now() }: Props) {
  const { t, i18n } = useTranslation("properties");
  const places = useSavedPlaces();
  const entry = entryDateText(asset.entryDate, i18n.language);
  const title = asset.location.trim() || t("card.untitled");
  const seller = sellerText(asset.merchant);
  const days = daysListed(asset.createdAt, now);
  const facts = [
    asset.rooms !== null ? roomsText(asset.rooms) : null,
    asset.size !== null ? sizeText(asset.size) : null,
    asset.floorNumber !== null ? floorText(asset.floorNumber) : null,
  ].filter((f) => f !== null);
  const open = () => onOpenStory(asset._id);

  return (
    // The whole card opens the story for a pointer; keyboards reach the same through Story.
    // biome-ignore lint/a11y/useKeyWithClickEvents: the Story button is the keyboard's way in
    <article className={styles.card} aria-label={title} onClick={open} data-testid="property-card">
      <div className={styles.media}>
        <Gallery images={asset.images} label={title} />
        <div className={styles.badges}>
          {isNew(days) ? <span className={clsx(styles.badge, styles.badgeNew)}>{t("card.new")}</span> : null}
          {seller ? (
            <span className={styles.badge} data-testid="seller">
              {seller}
            </span>
          ) : null}
        </div>
      </div>
      <div className={styles.body}>
        <div className={styles.top}>
          {asset.price !== null ? (
            <span className={styles.price} data-testid="card-price">
              {formatPrice(asset.price)}
              <span className={styles.per}>{t("card.perMonth")}</span>
            </span>
          ) : (
            <span className={clsx(styles.price, styles.priceNone)} data-testid="card-price">
              {t("card.priceOnRequest")}
            </span>
          )}
          <span className={styles.source} title={t("card.source")}>
            {sourceText(asset.src)}
          </span>
        </div>
        <h3 className={styles.title} dir="auto" title={title}>
          {title}
        </h3>
        {facts.length ? (
          <div className={styles.facts}>
            {facts.map((fact, i) => (
              <Fragment key={fact}>
                {i ? " · " : null}
                <span className={styles.fact}>{fact}</span>
              </Fragment>
            ))}
          </div>
        ) : null}
        {days !== null || entry ? (
          <div className={styles.meta}>
            {days !== null ? <span className={styles.age}>{daysText(days)}</span> : null}
            {entry ? (
              <span className={styles.entry} data-testid="entry-date">
                <Icon icon="key" size={12} />
                {entry}
              </span>
            ) : null}
          </div>
        ) : null}
        <PriceSignalBadge signal={asset.priceSignal} />
        <ListingWarnings warnings={asset.warnings} />
        <ListingFacts asset={asset} />
        <PlaceDistances asset={asset} places={places} />
        <div className={styles.footer}>
          <span className={styles.links}>
            {asset.googleMapsUrl ? (
              <OutLink href={asset.googleMapsUrl} icon="map-marker">
                {t("card.map")}
              </OutLink>
            ) : null}
            {asset.link ? (
              <OutLink href={asset.link} icon="share">
                {t("card.viewAd")}
              </OutLink>
            ) : null}
            <button
              type="button"
              title={t("card.storyTip")}
              className={`${Classes.BUTTON} ${Classes.MINIMAL} ${Classes.SMALL} ${Classes.INTENT_PRIMARY}`}
              onClick={(event) => {
                event.stopPropagation();
                open();
              }}
            >
              <Icon icon="history" size={12} />
              <span className={Classes.BUTTON_TEXT}>{t("card.story")}</span>
            </button>
          </span>
        </div>
      </div>
    </article>
  );
}

/** A card's shape while the first page loads. */
export function PropertyCardSkeleton() {
  return (
    <div className={clsx(styles.card, styles.skeleton)} aria-hidden="true">
      <div className={clsx(styles.media, Classes.SKELETON)} />
      <div className={styles.body}>
        <div className={clsx(styles.skeletonLine, styles.skeletonPrice, Classes.SKELETON)} />
        <div className={clsx(styles.skeletonLine, Classes.SKELETON)} />
        <div className={clsx(styles.skeletonLine, styles.skeletonShort, Classes.SKELETON)} />
      </div>
    </div>
  );
}
