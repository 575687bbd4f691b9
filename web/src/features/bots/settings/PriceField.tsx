import { FormGroup } from "@blueprintjs/core";
import { RangeSlider } from "../../../components/RangeSlider.tsx";
import { formatPrice } from "../format.ts";
import { PRICE_MARK_STEP, PRICE_MAX, PRICE_MIN, PRICE_STEP } from "./form.ts";
import styles from "./PriceField.module.css";

// The price range: 0 to 20,000 ₪ in steps of 100, marks every 5,000.

export function PriceField({
  value,
  onChange,
}: {
  value: [number, number];
  onChange: (value: [number, number]) => void;
}) {
  return (
    <FormGroup
      label="Price Range"
      labelInfo={
        <span className={styles.priceNow}>
          {formatPrice(value[0])} – {formatPrice(value[1])}
        </span>
      }
    >
      <div className={styles.slider}>
        <RangeSlider
          min={PRICE_MIN}
          max={PRICE_MAX}
          stepSize={PRICE_STEP}
          labelStepSize={PRICE_MARK_STEP}
          labelRenderer={(n) => formatPrice(n)}
          value={value}
          onChange={(next) => onChange([next[0], next[1]])}
          handleHtmlProps={{
            start: { "aria-label": "Minimum price" },
            end: { "aria-label": "Maximum price" },
          }}
        />
      </div>
    </FormGroup>
  );
}
