import { type IconName, Tag } from "@blueprintjs/core";
import clsx from "clsx";
import type { Asset, ListingFactKey } from "../features/chats/types.ts";
import styles from "./ListingFacts.module.css";

// The facts renters filter on, as small chips on a listing's card (chat asset cards, property
// cards; issue 17 §2): only what the source says is there, and the term when it is not a whole
// flat for long-term rent. Unknown shows nothing on a card; the story drawer lists what the
// sources say is not there and what they leave unsaid.

export const FACTS: { key: ListingFactKey; label: string; icon: IconName }[] = [
  { key: "safeRoom", label: "Safe room", icon: "shield" },
  { key: "parking", label: "Parking", icon: "drive-time" },
  { key: "elevator", label: "Elevator", icon: "arrows-vertical" },
  { key: "balcony", label: "Balcony", icon: "tree" },
  { key: "furnished", label: "Furnished", icon: "lightbulb" },
  { key: "pets", label: "Pets allowed", icon: "heart" },
  { key: "airConditioning", label: "Air conditioning", icon: "snowflake" },
  { key: "accessible", label: "Accessible", icon: "person" },
];

const TERMS = {
  sublet: { label: "Sublet", icon: "calendar" },
  room: { label: "Room in shared flat", icon: "people" },
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
  const facts = asset.facts;
  const term = asset.term === "sublet" || asset.term === "room" ? TERMS[asset.term] : null;
  const has = FACTS.filter((f) => facts?.[f.key] === true);
  const not = unknowns ? FACTS.filter((f) => facts?.[f.key] === false) : [];
  const unsaid = unknowns ? FACTS.filter((f) => (facts?.[f.key] ?? null) === null) : [];
  if (!term && !has.length && !not.length && !unsaid.length) return null;
  return (
    <div className={clsx(styles.facts, className)} data-testid="listing-facts">
      {term ? (
        <Tag minimal round intent="primary" icon={term.icon} data-testid="listing-term">
          {term.label}
        </Tag>
      ) : null}
      {has.map((f) => (
        <Tag key={f.key} minimal round intent="success" icon={f.icon} data-testid="listing-fact">
          {f.label}
        </Tag>
      ))}
      {not.map((f) => (
        <Tag key={f.key} minimal round icon="cross" className={styles.no} data-testid="listing-fact-no">
          No {f.label.toLowerCase()}
        </Tag>
      ))}
      {unsaid.length ? (
        <span className={styles.unknown} data-testid="listing-facts-unknown">
          Unknown: {unsaid.map((f) => f.label.toLowerCase()).join(", ")}
        </span>
      ) : null}
    </div>
  );
}
