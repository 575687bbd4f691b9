import { Fragment } from "react";
import { placeNames, placeParts, SUMMARY_SEPARATOR, summaryParts } from "./format.ts";

// Mixed Hebrew and Latin text laid out right: each piece of data in its own isolate (<bdi>), so the
// bidi algorithm never pulls a number or a Hebrew name across its neighbours, and the pieces
// follow the reader's direction.

/** A summary whose " · " parts are each laid out in their own direction. */
export function Summary({ text }: { text: string }) {
  return (
    <>
      {summaryParts(text).map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text have only their place
        <Fragment key={i}>
          {i > 0 ? SUMMARY_SEPARATOR : null}
          <bdi>{part}</bdi>
        </Fragment>
      ))}
    </>
  );
}

/** A place field as the reader's language lists it: "נווה גן;קרית שאול" → "נווה גן, קרית שאול". */
export function Places({ raw }: { raw: string }) {
  return (
    <>
      {placeParts(placeNames(raw)).map((part, i) =>
        part.type === "element" ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the names of one field have only their place
          <bdi key={i}>{part.value}</bdi>
        ) : (
          part.value
        ),
      )}
    </>
  );
}
