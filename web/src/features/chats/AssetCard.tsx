import { Classes, Icon, Spinner, Tag } from "@blueprintjs/core";
import clsx from "clsx";
import { useState } from "react";
import { ListingFacts } from "../../components/ListingFacts.tsx";
import { ListingWarnings } from "../../components/ListingWarnings.tsx";
import { PlaceDistances } from "../../components/PlaceDistances.tsx";
import { formatDateTime } from "../../i18n/format.ts";
import { isLang, useTranslation } from "../../i18n/index.ts";
import { entryDateText } from "../../lib/entryDate.ts";
import { placeLabel } from "../../lib/places.ts";
import { useSavedPlaces } from "../../lib/savedPlaces.tsx";
import styles from "./AssetCard.module.css";
import { advertiserText, contactLinks, timesText } from "./contact.ts";
import { floorText, formatPrice, roomsText, sizeText } from "./format.ts";
import { Places } from "./Isolated.tsx";
import { useOpenStory } from "./storyContext.ts";
import type { Asset } from "./types.ts";

// A listing posted by a bot, and the door to its flat: the whole card opens the flat's
// story (its title is the button, stretched over the card, so the links on it stay links), and
// the call and WhatsApp buttons reach the advertiser. Every value is rendered as React text; the
// listing's own words each in an isolate, numbers with their units in the reader's language.

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

/** An outlined link that looks like Blueprint's button (AnchorButton would say role=button). */
const linkButton = (extra?: string) =>
  clsx(Classes.BUTTON, Classes.OUTLINED, Classes.SMALL, styles.action, extra);

export function AssetCard({ asset, now }: { asset: Asset; now?: Date }) {
  const { t, i18n } = useTranslation("chats");
  const lang = isLang(i18n.language) ? i18n.language : "en";
  const openStory = useOpenStory();
  const places = useSavedPlaces();
  const { rooms, size, floorNumber: floor } = asset;
  const chips = [
    asset.neighborhood
      ? { icon: "map-marker" as const, key: "area", text: <Places raw={asset.neighborhood} /> }
      : null,
    rooms !== null ? { icon: "home" as const, key: "rooms", text: roomsText(rooms) } : null,
    size !== null ? { icon: "fullscreen" as const, key: "size", text: sizeText(size) } : null,
    floor !== null ? { icon: "layers" as const, key: "floor", text: floorText(floor) } : null,
  ].filter((c) => c !== null);
  const advertiser = advertiserText(asset, lang);
  const entry = entryDateText(asset.entryDate, lang);
  const times = timesText(asset, lang, now);
  const contact = contactLinks(asset, lang);
  const phone = asset.phoneNumber ?? "";
  const place = asset.location.trim() ? placeLabel(asset.location) : t("asset.property");
  const title = asset.location.trim() ? <Places raw={asset.location} /> : t("asset.property");
  return (
    <div className={clsx(styles.card, openStory && styles.opens)} data-testid="asset-card">
      <AssetImage key={asset.images[0] ?? ""} src={asset.images[0]} />
      <div className={styles.body}>
        {openStory ? (
          <button
            type="button"
            className={styles.title}
            aria-label={t("asset.openStory", { place })}
            onClick={() => openStory(asset._id)}
          >
            {title}
          </button>
        ) : (
          <div className={styles.title}>{title}</div>
        )}
        <div className={styles.headline}>
          {asset.price !== null ? <span className={styles.price}>{formatPrice(asset.price)}</span> : null}
          {advertiser ? (
            <Tag minimal round intent={asset.merchant ? "none" : "success"} data-testid="asset-advertiser">
              <bdi>{advertiser}</bdi>
            </Tag>
          ) : null}
          {entry ? (
            <Tag minimal round icon="calendar" data-testid="asset-entry">
              {entry}
            </Tag>
          ) : null}
        </div>
        {times.posted || times.found ? (
          <div className={styles.times} data-testid="asset-times">
            {times.posted ? (
              <time dateTime={asset.postedAt ?? undefined} title={formatDateTime(asset.postedAt, lang)}>
                {times.posted}
              </time>
            ) : null}
            {times.posted && times.found ? " · " : null}
            {times.found ? (
              <time dateTime={asset.createdAt ?? undefined} title={formatDateTime(asset.createdAt, lang)}>
                {times.found}
              </time>
            ) : null}
          </div>
        ) : null}
        <ListingWarnings warnings={asset.warnings} />
        <ListingFacts asset={asset} />
        <PlaceDistances asset={asset} places={places} />
        {chips.length ? (
          <div className={styles.chips}>
            {chips.map((chip) => (
              <Tag key={chip.key} minimal round icon={chip.icon}>
                {chip.text}
              </Tag>
            ))}
          </div>
        ) : null}
        <div className={styles.actions}>
          {contact.tel ? (
            <>
              <span className={styles.contact}>{t("asset.contact")}</span>
              <a
                href={contact.tel}
                className={linkButton(Classes.INTENT_SUCCESS)}
                aria-label={t("asset.callLabel", { phone })}
                title={phone}
              >
                <Icon icon="phone" size={14} />
                <span className={Classes.BUTTON_TEXT}>{t("asset.call")}</span>
              </a>
            </>
          ) : null}
          {phone && !contact.tel ? (
            // Not a number we can dial (a note, a part of one): shown as the source wrote it.
            <span className={styles.contact}>
              {t("asset.contact")} <bdi dir="ltr">{phone}</bdi>
            </span>
          ) : null}
          {contact.whatsApp ? (
            <a
              href={contact.whatsApp}
              target="_blank"
              rel="noopener noreferrer"
              className={linkButton(Classes.INTENT_SUCCESS)}
              aria-label={t("asset.whatsAppLabel", { phone })}
              title={phone}
            >
              <Icon icon="chat" size={14} />
              <span className={Classes.BUTTON_TEXT}>{t("asset.whatsApp")}</span>
            </a>
          ) : null}
          {asset.link ? (
            <a
              href={asset.link}
              target="_blank"
              rel="noopener noreferrer"
              className={linkButton(Classes.INTENT_PRIMARY)}
            >
              <span className={Classes.BUTTON_TEXT}>{t("asset.viewAd")}</span>
              <Icon icon="share" size={12} />
            </a>
          ) : null}
        </div>
      </div>
    </div>
  );
}
