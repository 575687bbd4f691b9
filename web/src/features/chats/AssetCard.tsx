import { Classes, Icon, Spinner, Tag } from "@blueprintjs/core";
import clsx from "clsx";
import { useState } from "react";
import { ListingFacts } from "../../components/ListingFacts.tsx";
import { ListingWarnings } from "../../components/ListingWarnings.tsx";
import styles from "./AssetCard.module.css";
import { formatPrice } from "./format.ts";
import type { Asset } from "./types.ts";

// A listing posted by a bot. Every value is rendered as React text.

function AssetImage({ src }: { src: string | undefined }) {
  const [state, setState] = useState<"loading" | "ready" | "failed">(src ? "loading" : "failed");
  return (
    <div className={styles.image}>
      {state === "failed" ? (
        <div className={styles.noImage}>
          <Icon icon="media" size={28} />
          <span>Image not available</span>
        </div>
      ) : (
        <>
          {state === "loading" ? <Spinner size={28} className={styles.spinner} /> : null}
          <img
            src={src}
            alt=""
            loading="lazy"
            referrerPolicy="no-referrer"
            onLoad={() => setState("ready")}
            onError={() => setState("failed")}
            style={state === "ready" ? undefined : { opacity: 0 }}
          />
        </>
      )}
    </div>
  );
}

const floorText = (floor: number) => (floor === 0 ? "Ground floor" : `Floor ${floor}`);

export function AssetCard({ asset }: { asset: Asset }) {
  const chips = [
    asset.neighborhood ? { icon: "map-marker" as const, text: asset.neighborhood } : null,
    asset.rooms !== null ? { icon: "home" as const, text: `${asset.rooms} rooms` } : null,
    asset.size !== null ? { icon: "fullscreen" as const, text: `${asset.size} m²` } : null,
    asset.floorNumber !== null ? { icon: "layers" as const, text: floorText(asset.floorNumber) } : null,
  ].filter((c) => c !== null);
  return (
    <div className={styles.card} data-testid="asset-card">
      <AssetImage key={asset.images[0] ?? ""} src={asset.images[0]} />
      <div className={styles.body}>
        <div className={styles.title}>{asset.location.trim() || "Property"}</div>
        {asset.price !== null ? <div className={styles.price}>{formatPrice(asset.price)}</div> : null}
        <ListingWarnings warnings={asset.warnings} />
        <ListingFacts asset={asset} />
        {chips.length ? (
          <div className={styles.chips}>
            {chips.map((chip) => (
              <Tag key={chip.text} minimal round icon={chip.icon}>
                {chip.text}
              </Tag>
            ))}
          </div>
        ) : null}
        {asset.phoneNumber ? (
          <div className={styles.contact}>
            Contact: <a href={`tel:${asset.phoneNumber.replace(/[^\d+]/g, "")}`}>{asset.phoneNumber}</a>
          </div>
        ) : null}
        {asset.link ? (
          // A real link (Blueprint's AnchorButton says role=button), styled as an outlined button.
          <a
            href={asset.link}
            target="_blank"
            rel="noopener noreferrer"
            className={clsx(
              Classes.BUTTON,
              Classes.OUTLINED,
              Classes.SMALL,
              Classes.INTENT_PRIMARY,
              styles.link,
            )}
          >
            <span className={Classes.BUTTON_TEXT}>View Ad</span>
            <Icon icon="share" size={12} />
          </a>
        ) : null}
      </div>
    </div>
  );
}
