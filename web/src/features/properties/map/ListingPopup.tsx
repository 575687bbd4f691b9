import { Button, Classes, Icon, NonIdealState, Spinner, Tag } from "@blueprintjs/core";
import clsx from "clsx";
import { useState } from "react";
import { PlaceDistances } from "../../../components/PlaceDistances.tsx";
import { useTranslation } from "../../../i18n/index.ts";
import { useSavedPlaces } from "../../../lib/savedPlaces.tsx";
import { formatPrice } from "../filters.ts";
import { floorText, roomsText, sellerText, sizeText, sourceText } from "../format.ts";
import { joinPlaces, placeNames } from "../texts.ts";
import type { PropertyAsset } from "../types.ts";
import styles from "./ListingPopup.module.css";
import shared from "./shared.module.css";

// The popup of one listing on the map: its photo, price, rooms, where it is, how far from the
// reader's nearest place, and 'View story'.

interface Props {
  asset: PropertyAsset | null;
  loading: boolean;
  error: Error | null;
  /** Several listings at this spot: back to their list. */
  onBack?: () => void;
  onClose: () => void;
  onOpenStory: (id: string) => void;
}

function Photo({ src, alt }: { src: string | undefined; alt: string }) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      <div className={clsx(styles.photo, styles.photoNone)} aria-hidden="true">
        <Icon icon="media" size={28} />
      </div>
    );
  }
  return <img className={styles.photo} src={src} alt={alt} loading="lazy" onError={() => setFailed(true)} />;
}

export function ListingPopup({ asset, loading, error, onBack, onClose, onOpenStory }: Props) {
  const { t } = useTranslation("properties");
  const places = useSavedPlaces();
  const title = asset?.location || t("card.untitled");
  const facts = asset
    ? [
        asset.rooms !== null ? roomsText(asset.rooms) : null,
        asset.size !== null ? sizeText(asset.size) : null,
        asset.floorNumber !== null ? floorText(asset.floorNumber) : null,
      ].filter((f): f is string => f !== null)
    : [];
  const seller = asset ? sellerText(asset.merchant) : null;
  // The area line only when the location does not already say it (it often ends with both); a
  // field holding several places ("נווה גן;קרית שאול") names each one.
  const area = joinPlaces(
    [asset?.neighborhood, asset?.city].flatMap(placeNames).filter((name) => !title.includes(name)),
  );

  return (
    <section
      className={shared.popup}
      aria-label={asset ? t("map.listingNamed", { title }) : t("map.listing")}
    >
      <div className={styles.bar}>
        {onBack ? (
          <Button variant="minimal" size="small" icon="chevron-left" onClick={onBack}>
            {t("map.allHere")}
          </Button>
        ) : null}
        <Button
          className={styles.close}
          variant="minimal"
          size="small"
          icon="cross"
          aria-label={t("map.close")}
          onClick={onClose}
        />
      </div>
      {asset ? (
        <>
          <Photo src={asset.images[0]} alt={title} />
          <div className={styles.body}>
            <div className={styles.price}>
              {asset.price !== null ? formatPrice(asset.price) : t("map.priceNotGiven")}
              {asset.price !== null ? (
                <span className={clsx(Classes.TEXT_MUTED, styles.per)}>{t("card.perMonth")}</span>
              ) : null}
            </div>
            <div className={styles.where} dir="auto" title={title}>
              {title}
            </div>
            {area ? (
              <div className={clsx(Classes.TEXT_MUTED, styles.area)} dir="auto">
                {area}
              </div>
            ) : null}
            <div className={styles.facts}>
              {facts.map((f) => (
                <Tag key={f} minimal round>
                  {f}
                </Tag>
              ))}
              {seller ? (
                <Tag minimal round intent={asset.merchant ? "warning" : "success"}>
                  {seller}
                </Tag>
              ) : null}
              <Tag minimal round className={styles.source}>
                {sourceText(asset.src)}
              </Tag>
            </div>
            <PlaceDistances asset={asset} places={places} max={1} />
            <Button intent="primary" fill icon="history" onClick={() => onOpenStory(asset._id)}>
              {t("map.viewStory")}
            </Button>
          </div>
        </>
      ) : loading ? (
        <div className={styles.state}>
          <Spinner size={28} aria-label={t("map.loadingListing")} />
        </div>
      ) : (
        <NonIdealState
          className={styles.state}
          icon="warning-sign"
          description={error?.message || t("page.error")}
        />
      )}
    </section>
  );
}
