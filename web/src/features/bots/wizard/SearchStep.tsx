import { Button, Callout, Classes } from "@blueprintjs/core";
import { useQuery } from "@tanstack/react-query";
import clsx from "clsx";
import { useEffect } from "react";
import { formatNumber } from "../../../i18n/format.ts";
import { useTranslation } from "../../../i18n/index.ts";
import { Trans } from "../../../i18n/trans.ts";
import { joinPlaces } from "../../../lib/places.ts";
import { priceBand } from "../api.ts";
import { formatPrice } from "../format.ts";
import type { BotForm } from "../settings/form.ts";
import { SearchFields } from "../settings/SearchFields.tsx";
import type { useNeighborhoods } from "../useBots.ts";
import wizardStyles from "./AddBotWizard.module.css";
import { type BotPreset, presetLine } from "./preset.ts";
import { asPreset, bandRange, citiesOf } from "./search.ts";
import styles from "./steps.module.css";

// The wizard's "What to watch" step: the same fields as Bot Settings, areas first. Once areas are
// chosen the price band of similar flats there is looked up; until the person moves the slider it
// follows that band. A line at the end says what the bot will watch, with the areas' cities, and
// what still blocks creation. Both paths show it: the website's and a Telegram group's.

interface Props {
  form: BotForm;
  onChange: (patch: Partial<BotForm>) => void;
  neighborhoods: ReturnType<typeof useNeighborhoods>;
  /** Whether the person (or the preset) set the price: the band then only advises. */
  priceChosen: boolean;
  onPriceChosen: () => void;
  /** The form's refusals (Bot Settings' rules): creation waits until there are none. */
  errors: string[];
  preset?: BotPreset;
}

export function SearchStep({
  form,
  onChange,
  neighborhoods,
  priceChosen,
  onPriceChosen,
  errors,
  preset,
}: Props) {
  const { t } = useTranslation("bots");
  const codes = [...form.neighborhoodCodes].sort((a, b) => a - b);
  const rooms = form.rooms ?? 1;
  const band = useQuery({
    queryKey: ["price-band", codes, rooms],
    queryFn: () => priceBand(codes, rooms),
    enabled: codes.length > 0 && Number.isInteger(rooms) && rooms >= 1 && rooms <= 10,
    staleTime: 5 * 60_000,
  });
  const range = codes.length ? bandRange(band.data) : null;
  const [low, high] = range ?? [0, 0];
  const [min, max] = form.priceLimit;
  const follow = range !== null && !priceChosen && (min !== low || max !== high);
  useEffect(() => {
    if (follow) onChange({ priceLimit: [low, high] });
  }, [follow, low, high, onChange]);

  const change = (patch: Partial<BotForm>) => {
    if (patch.priceLimit) onPriceChosen();
    onChange(patch);
  };
  const cities = citiesOf(form.neighborhoodCodes, neighborhoods.data ?? []);
  const count = form.neighborhoodCodes.length;

  let note: React.ReactNode = null;
  if (!count) note = t("wizard.bandNoAreas");
  else if (band.isPending) note = t("wizard.bandLoading");
  else if (range)
    note = (
      <>
        {t("wizard.band", {
          low: formatPrice(low),
          high: formatPrice(high),
          n: formatNumber(band.data?.count ?? 0),
        })}{" "}
        {min !== low || max !== high ? (
          <Button
            size="small"
            variant="minimal"
            intent="primary"
            onClick={() => onChange({ priceLimit: [low, high] })}
          >
            {t("wizard.useBand")}
          </Button>
        ) : null}
      </>
    );
  else note = t("wizard.bandTooFew");

  return (
    <>
      <div className={styles.search}>
        <p className={clsx(Classes.TEXT_MUTED, styles.lead)}>{t("wizard.searchLead")}</p>
        <SearchFields
          form={form}
          onChange={change}
          neighborhoods={neighborhoods}
          areasFirst
          priceNote={
            <p className={clsx(Classes.TEXT_MUTED, styles.band)} data-testid="wizard-band" aria-live="polite">
              {note}
            </p>
          }
        />
        {preset?.notKept.length ? (
          <Callout compact icon="info-sign">
            {t("preset.notKept", { list: preset.notKept.join(t("preset.notKeptJoin")) })}
          </Callout>
        ) : null}
        {count ? (
          <Callout compact icon="eye-open" intent="primary" data-testid="wizard-summary">
            <Trans
              t={t}
              i18nKey="wizard.summary"
              count={count}
              values={{
                n: formatNumber(count),
                cities: joinPlaces(cities),
                line: presetLine(asPreset(form)),
              }}
              components={{ cities: <bdi /> }}
            />
          </Callout>
        ) : null}
      </div>
      {errors.length ? (
        <Callout intent="warning" icon="warning-sign" role="status" className={wizardStyles.error}>
          {errors.join(" ")}
        </Callout>
      ) : null}
    </>
  );
}
