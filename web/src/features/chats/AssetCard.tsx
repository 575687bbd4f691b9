import { Classes, Icon, Spinner, Tag } from "@blueprintjs/core";
import clsx from "clsx";
import { useState } from "react";
import { ListingFacts } from "../../components/ListingFacts.tsx";
import { ListingWarnings } from "../../components/ListingWarnings.tsx";
import { useTranslation } from "../../i18n/index.ts";
import styles from "./AssetCard.module.css";
import { floorText, formatPrice, roomsText, sizeText } from "./format.ts";
import { Places } from "./Isolated.tsx";
import type { Asset } from "./types.ts";

// A listing posted by a bot. Every value is rendered as React text; the listing's own words (its
// places) each in an isolate, numbers with their units in the reader's language.

function AssetImage({ src }: { src: string | undefined }) {
  const { t } = useTranslation("chats");
  const [state, setState] = useState<"loading" | "ready" | "failed">(src ? "loading" : "failed");
  return (
    <div className={styles.image}>
      {state === "failed" ? (
        <div className={styles.noImage}>
          <Icon icon="media" size={28} />
          <span>{t("asset.noImage")}</span>
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

export function AssetCard({ asset }: { asset: Asset }) {
  const { t } = useTranslation("chats");
  const { rooms, size, floorNumber: floor } = asset;
  const chips = [
    asset.neighborhood
      ? { icon: "map-marker" as const, key: "area", text: <Places raw={asset.neighborhood} /> }
      : null,
    rooms !== null ? { icon: "home" as const, key: "rooms", text: roomsText(rooms) } : null,
    size !== null ? { icon: "fullscreen" as const, key: "size", text: sizeText(size) } : null,
    floor !== null ? { icon: "layers" as const, key: "floor", text: floorText(floor) } : null,
  ].filter((c) => c !== null);
  return (
    <div className={styles.card} data-testid="asset-card">
      <AssetImage key={asset.images[0] ?? ""} src={asset.images[0]} />
      <div className={styles.body}>
        <div className={styles.title}>
          {asset.location.trim() ? <Places raw={asset.location} /> : t("asset.property")}
        </div>
        {asset.price !== null ? <div className={styles.price}>{formatPrice(asset.price)}</div> : null}
        <ListingWarnings warnings={asset.warnings} />
        <ListingFacts asset={asset} />
        {chips.length ? (
          <div className={styles.chips}>
            {chips.map((chip) => (
              <Tag key={chip.key} minimal round icon={chip.icon}>
                {chip.text}
              </Tag>
            ))}
          </div>
        ) : null}
        {asset.phoneNumber ? (
          <div className={styles.contact}>
            {t("asset.contact")}{" "}
            <a href={`tel:${asset.phoneNumber.replace(/[^\d+]/g, "")}`} dir="ltr">
              {asset.phoneNumber}
            </a>
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
            <span className={Classes.BUTTON_TEXT}>{t("asset.viewAd")}</span>
            <Icon icon="share" size={12} />
          </a>
        ) : null}
      </div>
    </div>
  );
}
