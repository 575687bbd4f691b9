import { Button, Classes, Icon, NonIdealState, Spinner, Tag } from "@blueprintjs/core";
import { useState } from "react";
import { formatPrice } from "../filters.ts";
import { floorText, roomsText, sellerText, sizeText, sourceText } from "../format.ts";
import type { PropertyAsset } from "../types.ts";

// The popup of one listing on the map: its photo, price, rooms, where it is, and 'View story'.

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
      <div className="listing-popup__photo listing-popup__photo--none" aria-hidden="true">
        <Icon icon="media" size={28} />
      </div>
    );
  }
  return (
    <img
      className="listing-popup__photo"
      src={src}
      alt={alt}
      loading="lazy"
      onError={() => setFailed(true)}
    />
  );
}

export function ListingPopup({ asset, loading, error, onBack, onClose, onOpenStory }: Props) {
  const title = asset ? asset.location || "Property" : "Property";
  const facts = asset
    ? [
        asset.rooms !== null ? roomsText(asset.rooms) : null,
        asset.size !== null ? sizeText(asset.size) : null,
        asset.floorNumber !== null ? floorText(asset.floorNumber) : null,
      ].filter((f): f is string => f !== null)
    : [];
  const seller = asset ? sellerText(asset.merchant) : null;
  // The area line only when the location does not already say it (it often ends with both).
  const area = [asset?.neighborhood, asset?.city]
    .filter((p): p is string => Boolean(p) && !title.includes(p as string))
    .join(", ");

  return (
    <section className="listing-popup" aria-label={asset ? `Listing: ${title}` : "Listing"}>
      <div className="listing-popup__bar">
        {onBack ? (
          <Button variant="minimal" size="small" icon="chevron-left" onClick={onBack}>
            All here
          </Button>
        ) : null}
        <Button
          className="listing-popup__close"
          variant="minimal"
          size="small"
          icon="cross"
          aria-label="Close"
          onClick={onClose}
        />
      </div>
      {asset ? (
        <>
          <Photo src={asset.images[0]} alt={title} />
          <div className="listing-popup__body">
            <div className="listing-popup__price">
              {asset.price !== null ? formatPrice(asset.price) : "Price not given"}
              {asset.price !== null ? (
                <span className={`${Classes.TEXT_MUTED} listing-popup__per`}> / month</span>
              ) : null}
            </div>
            <div className="listing-popup__where" dir="auto" title={title}>
              {title}
            </div>
            {area ? (
              <div className={`${Classes.TEXT_MUTED} listing-popup__area`} dir="auto">
                {area}
              </div>
            ) : null}
            <div className="listing-popup__facts">
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
              <Tag minimal round className="listing-popup__source">
                {sourceText(asset.src)}
              </Tag>
            </div>
            <Button intent="primary" fill icon="history" onClick={() => onOpenStory(asset._id)}>
              View story
            </Button>
          </div>
        </>
      ) : loading ? (
        <div className="listing-popup__state">
          <Spinner size={28} aria-label="Loading the listing" />
        </div>
      ) : (
        <NonIdealState
          className="listing-popup__state"
          icon="warning-sign"
          description={error?.message || "An error occurred"}
        />
      )}
    </section>
  );
}
