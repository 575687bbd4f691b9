import { FormGroup } from "@blueprintjs/core";
import { RangeSlider } from "../../../components/RangeSlider.tsx";
import { useTranslation } from "../../../i18n/index.ts";
import { formatPrice } from "../format.ts";
import { PRICE_MARK_STEP, PRICE_MAX, PRICE_MIN, PRICE_STEP } from "./form.ts";
import styles from "./PriceField.module.css";

// The price range: 0 to 20,000 ₪ in steps of 100, marks every 5,000, in the reader's currency format.

export function PriceField({
  value,
  onChange,
}: {
  value: [number, number];
  onChange: (value: [number, number]) => void;
}) {
  const { t } = useTranslation("bots");
  return (
    <FormGroup
      label={t("settings.priceRange")}
      labelInfo={
        <span className={styles.priceNow}>
          {t("settings.priceRangeValue", { min: formatPrice(value[0]), max: formatPrice(value[1]) })}
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
            start: { "aria-label": t("settings.minPrice") },
            end: { "aria-label": t("settings.maxPrice") },
          }}
        />
      </div>
    </FormGroup>
  );
}
