import { Button } from "@blueprintjs/core";
import { useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "../../../i18n/index.ts";
import styles from "./Description.module.css";

// The ad's own words: direction from the text (Hebrew or English, dir="auto"), its line breaks
// kept, clamped to a few lines with 'Show more' only when there is more to show.

export function Description({ text }: { text: string }) {
  const { t } = useTranslation("properties");
  const body = useRef<HTMLParagraphElement>(null);
  const [open, setOpen] = useState(false);
  const [overflows, setOverflows] = useState(false);

  // Measured while clamped: the text is longer than the clamp only if it overflows it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-measured when the text changes.
  useLayoutEffect(() => {
    const element = body.current;
    if (!element || open) return;
    setOverflows(element.scrollHeight > element.clientHeight + 1);
  }, [text, open]);

  return (
    <div className={styles.description}>
      <p ref={body} dir="auto" className={open ? undefined : styles.clamped}>
        {text}
      </p>
      {overflows || open ? (
        <Button
          variant="minimal"
          size="small"
          intent="primary"
          onClick={() => setOpen(!open)}
          aria-expanded={open}
        >
          {open ? t("story.showLess") : t("story.showMore")}
        </Button>
      ) : null}
    </div>
  );
}
