import { type IconName, Tag } from "@blueprintjs/core";
import clsx from "clsx";
import type { Asset, ListingFactKey } from "../features/chats/types.ts";
import { useTranslation } from "../i18n/index.ts";
import styles from "./ListingFacts.module.css";

// The facts renters filter on, as small chips on a listing's card (chat asset cards, property
// cards): only what the source says is there, and the term when it is not a whole
// flat for long-term rent. Unknown shows nothing on a card; the story drawer lists what the
// sources say is not there and what they leave unsaid.

// Each fact's words are the catalogue's (common:facts.<key>, .no.<key>, .lower.<key>).
export const FACTS: { key: ListingFactKey; icon: IconName }[] = [
  { key: "safeRoom", icon: "shield" },
  { key: "parking", icon: "drive-time" },
  { key: "elevator", icon: "arrows-vertical" },
  { key: "balcony", icon: "tree" },
  { key: "furnished", icon: "lightbulb" },
  { key: "pets", icon: "heart" },
  { key: "airConditioning", icon: "snowflake" },
  { key: "accessible", icon: "person" },
];

const TERMS = {
  sublet: { icon: "calendar" },
  room: { icon: "people" },
} as const;

export function ListingFacts({
  asset,
  unknowns = false,
  className,
}: {
  asset: Pick<Asset, "facts" | "term">;
  unknowns?: boolean;
  /** The place's own spacing (the story drawer lines it up with its other sections). */
  className?: string;
}) {
  const { t } = useTranslation();
  const facts = asset.facts;
  const termKey = asset.term === "sublet" || asset.term === "room" ? asset.term : null;
  const term = termKey ? TERMS[termKey] : null;
  const has = FACTS.filter((f) => facts?.[f.key] === true);
  const not = unknowns ? FACTS.filter((f) => facts?.[f.key] === false) : [];
  const unsaid = unknowns ? FACTS.filter((f) => (facts?.[f.key] ?? null) === null) : [];
  if (!term && !has.length && !not.length && !unsaid.length) return null;
  return (
    <div className={clsx(styles.facts, className)} data-testid="listing-facts">
      {term ? (
        <Tag minimal round intent="primary" icon={term.icon} data-testid="listing-term">
          {t(`facts.${termKey}`)}
        </Tag>
      ) : null}
      {has.map((f) => (
        <Tag key={f.key} minimal round intent="success" icon={f.icon} data-testid="listing-fact">
          {t(`facts.${f.key}`)}
        </Tag>
      ))}
      {not.map((f) => (
        <Tag key={f.key} minimal round icon="cross" className={styles.no} data-testid="listing-fact-no">
          {t(`facts.no.${f.key}`)}
        </Tag>
      ))}
      {unsaid.length ? (
        <span className={styles.unknown} data-testid="listing-facts-unknown">
          {t("facts.unknown", {
            list: unsaid.map((f) => t(`facts.lower.${f.key}`)).join(t("listSeparator")),
          })}
        </span>
      ) : null}
    </div>
  );
}
