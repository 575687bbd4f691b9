import { Callout, Intent } from "@blueprintjs/core";
import type { ListingWarning } from "../features/chats/types.ts";
import "./ListingWarnings.css";

// The "Be careful: …" line of a listing's card (chat asset cards, property cards, the story
// drawer; issue 17 §4): Blueprint's warning callout with every reason the server gave, in its
// order ("Be careful: Price is 42% below …; Asks for money before …"). It sits among the card's
// lines and never hides the listing. Nothing when there is no warning.

export function ListingWarnings({ warnings }: { warnings: ListingWarning[] | undefined }) {
  if (!warnings?.length) return null;
  return (
    <Callout
      intent={Intent.WARNING}
      icon="warning-sign"
      compact
      className="listing-warnings"
      data-testid="listing-warnings"
    >
      <strong>Be careful:</strong> {warnings.map((w) => w.message).join("; ")}
    </Callout>
  );
}
