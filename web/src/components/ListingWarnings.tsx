import { Callout, Intent } from "@blueprintjs/core";
import { warningMessageIn } from "@dirabot/api/warnings.he.ts";
import clsx from "clsx";
import type { ListingWarning } from "../features/chats/types.ts";
import { useTranslation } from "../i18n/index.ts";
import styles from "./ListingWarnings.module.css";

// The "Be careful: …" line of a listing's card (chat asset cards, property cards, the story
// drawer): Blueprint's warning callout with every reason the server gave, in its
// order ("Be careful: Price is 42% below …; Asks for money before …"). It sits among the card's
// lines and never hides the listing. Nothing when there is no warning. A chat's cards come over the
// socket in the words they were stored in: each reason is put in the reader's language here.

export function ListingWarnings({
  warnings,
  className,
}: {
  warnings: ListingWarning[] | undefined;
  /** The place's own spacing (the story drawer lines it up with its other sections). */
  className?: string;
}) {
  const { t, i18n } = useTranslation();
  if (!warnings?.length) return null;
  return (
    <Callout
      intent={Intent.WARNING}
      icon="warning-sign"
      compact
      className={clsx(styles.warnings, className)}
      data-testid="listing-warnings"
    >
      <strong>{t("warnings.beCareful")}</strong>{" "}
      {warnings.map((w) => warningMessageIn(i18n.language, w.message)).join("; ")}
    </Callout>
  );
}
