import { Fragment } from "react";
import { parts, SEPARATOR } from "./bidi.ts";

/** A text whose " · " parts are each laid out in their own direction (bidi.ts). */
export function Isolated({ text }: { text: string }) {
  return (
    <>
      {parts(text).map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text have only their place
        <Fragment key={i}>
          {i > 0 ? SEPARATOR : null}
          <bdi>{part}</bdi>
        </Fragment>
      ))}
    </>
  );
}
