import { Classes, Icon } from "@blueprintjs/core";
import clsx from "clsx";
import { useMemo } from "react";
import { formatNumber } from "../../../i18n/format.ts";
import { useTranslation } from "../../../i18n/index.ts";
import { sizeText } from "../format.ts";
import type { AssetStory } from "../types.ts";
import styles from "./StoryFacts.module.css";
import shared from "./shared.module.css";
import { floorText, phoneText, sellerText, shortDate } from "./texts.ts";

// The flat at a glance (the card's fields): rooms, m², floor (0 is Ground), Private or
// Merchant; then the ways out: the ad, the map, the phone.

export function StoryFacts({ story }: { story: AssetStory }) {
  const { t } = useTranslation("properties");
  const seller = sellerText(story.merchant);
  const facts = [
    story.rooms !== null ? { label: t("story.rooms"), value: formatNumber(story.rooms) } : null,
    story.size !== null ? { label: t("story.size"), value: sizeText(story.size) } : null,
    story.floorNumber !== null ? { label: t("story.floor"), value: floorText(story.floorNumber) } : null,
    seller ? { label: t("story.listedBy"), value: seller } : null,
  ].filter((f) => f !== null);
  return (
    <>
      {facts.length ? (
        // As many columns as facts, so three facts do not leave a hole where the fourth would be.
        <dl
          className={shared.facts}
          data-testid="story-facts"
          style={{ gridTemplateColumns: `repeat(${facts.length}, 1fr)` }}
        >
          {facts.map((f) => (
            <div key={f.label} className={styles.item}>
              <dt>{f.label}</dt>
              <dd>{f.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <FactChanges changes={story.factChanges ?? []} />
    </>
  );
}

/**
 * What a source said and then took back ("Safe room: said yes, now says no"): a match sent on
 * its word is not taken back, so the story says what changed.
 */
function FactChanges({ changes }: { changes: AssetStory["factChanges"] }) {
  const { t } = useTranslation("properties");
  const { t: tc } = useTranslation();
  const now = useMemo(() => Date.now(), []);
  if (!changes.length) return null;
  return (
    <ul className={styles.changes} aria-label={t("story.factChanges")}>
      {changes.map((c) => (
        <li key={`${c.fact}-${c.at}`} data-testid="story-fact-change">
          <Icon icon="history" size={14} className={styles.changeIcon} />
          <span>
            {t(c.to ? "story.factChange.noYes" : "story.factChange.yesNo", { fact: tc(`facts.${c.fact}`) })}
          </span>
          <time dateTime={c.at}>{shortDate(c.at, now)}</time>
        </li>
      ))}
    </ul>
  );
}

// Real links styled as Blueprint buttons (an AnchorButton says role=button, and these navigate).
const linkButton = (primary: boolean) =>
  clsx(Classes.BUTTON, primary ? Classes.INTENT_PRIMARY : Classes.OUTLINED, styles.link);

export function StoryActions({ story }: { story: AssetStory }) {
  const { t } = useTranslation("properties");
  const phone = story.phoneNumber;
  return (
    <div className={styles.actions}>
      {story.link ? (
        <a href={story.link} target="_blank" rel="noopener noreferrer" className={linkButton(true)}>
          <span className={Classes.BUTTON_TEXT}>{t("card.viewAd")}</span>
          <Icon icon="share" size={14} />
        </a>
      ) : null}
      {story.googleMapsUrl ? (
        <a href={story.googleMapsUrl} target="_blank" rel="noopener noreferrer" className={linkButton(false)}>
          <Icon icon="map-marker" size={14} />
          <span className={Classes.BUTTON_TEXT}>{t("story.googleMaps")}</span>
        </a>
      ) : null}
      {phone ? (
        <a href={`tel:${phone.replace(/[^\d+]/g, "")}`} className={linkButton(false)}>
          <Icon icon="phone" size={14} />
          <span className={Classes.BUTTON_TEXT} dir="ltr">
            {phoneText(phone)}
          </span>
        </a>
      ) : null}
    </div>
  );
}
