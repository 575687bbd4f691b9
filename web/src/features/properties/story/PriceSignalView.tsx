import clsx from "clsx";
import { useTranslation } from "../../../i18n/index.ts";
import { priceSignalView } from "../format.ts";
import type { PriceSignal } from "../types.ts";
import styles from "./PriceSignalView.module.css";
import { medianText, shekels } from "./texts.ts";

// The price against the area (computed by the server over the neighbourhood and room count, 30
// days): the cards' sentence (priceSignalView, so a card and its story never disagree), the median
// ₪/room, and a small scale with the median in the middle and this flat's place on it (±30 %,
// further is drawn at the edge).

const SPAN = 0.3;
/** Below the median in green, above in amber (the price history's colours); at it, plain. */
const TONE = { below: styles.below, above: styles.above, at: undefined };

export function PriceSignalView({ signal, perRoom }: { signal: PriceSignal; perRoom: number | null }) {
  const { t } = useTranslation("properties");
  const view = priceSignalView(signal);
  if (!view) return null;
  const offset = Math.max(-SPAN, Math.min(SPAN, signal.ratio - 1));
  const left = `${50 + (offset / SPAN) * 50}%`;
  return (
    <div className={clsx(styles.signal, TONE[view.tone])} data-testid="story-price-signal">
      <div className={styles.text}>{view.text}</div>
      <div className={styles.scale} aria-hidden="true">
        <span className={styles.median} />
        <span className={styles.marker} style={{ left }} />
      </div>
      <div className={styles.legend}>
        <span>{medianText(signal)}</span>
        {perRoom !== null ? (
          <span>{t("story.thisFlat", { price: shekels(Math.round(perRoom)) })}</span>
        ) : null}
      </div>
    </div>
  );
}
