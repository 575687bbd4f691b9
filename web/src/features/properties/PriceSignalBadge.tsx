import { Icon, Tooltip } from "@blueprintjs/core";
import clsx from "clsx";
import { useTranslation } from "../../i18n/index.ts";
import { priceSignalView } from "./format.ts";
import styles from "./PriceSignalBadge.module.css";
import type { PriceSignal } from "./types.ts";

// The card's price against its area: '12% below the area's median' in green, above it
// in a calm orange, with the median ₪/room in a tooltip. Nothing when the server has no median.

const ICONS = { below: "trending-down", above: "trending-up", at: "equals" } as const;

export function PriceSignalBadge({ signal }: { signal: PriceSignal | null | undefined }) {
  // Drawn again when the language changes (the sentence is made in format.ts).
  useTranslation("properties");
  const view = priceSignalView(signal);
  if (!view) return null;
  return (
    <Tooltip
      content={view.detail}
      placement="top"
      className={styles.target}
      popoverClassName={styles.tip}
      compact
    >
      <span className={clsx(styles.signal, styles[view.tone])} data-testid="price-signal">
        <Icon icon={ICONS[view.tone]} size={12} />
        {view.text}
      </span>
    </Tooltip>
  );
}
