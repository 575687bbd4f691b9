import { FormGroup, NumericInput, Switch } from "@blueprintjs/core";
import { type ReactNode, useState } from "react";
import { useTranslation } from "../../../i18n/index.ts";
import type { NeighborhoodOption } from "../api.ts";
import { AreasField } from "./AreasField.tsx";
import styles from "./BotSettingsDialog.module.css";
import { ChoicesField, NO_CHOICES } from "./ChoicesField.tsx";
import { type BotForm, ROOMS_MAX, ROOMS_MIN, toggleCode } from "./form.ts";
import { NearField } from "./NearField.tsx";
import { PriceField } from "./PriceField.tsx";

// What a bot watches: price, areas (list or map), minimum rooms, private-only, near the user's
// places, must-haves and Also Send. Bot Settings and the add-bot wizard both draw it; the wizard puts the areas first
// (the price it suggests depends on them) and a line under the price.

interface Props {
  form: BotForm;
  onChange: (patch: Partial<BotForm>) => void;
  neighborhoods: { data?: NeighborhoodOption[]; error: Error | null; isPending: boolean };
  /** Areas above the price, their search focused (the wizard). */
  areasFirst?: boolean;
  /** A line under the price slider (the wizard's price band). */
  priceNote?: ReactNode;
}

export function SearchFields({ form, onChange, neighborhoods, areasFirst = false, priceNote }: Props) {
  const { t } = useTranslation("bots");
  const [view, setView] = useState<"list" | "map">("list");
  const price = (
    <div key="price">
      <PriceField value={form.priceLimit} onChange={(priceLimit) => onChange({ priceLimit })} />
      {priceNote}
    </div>
  );
  const areas = (
    <AreasField
      key="areas"
      options={neighborhoods.data ?? []}
      optionsError={neighborhoods.error}
      loading={neighborhoods.isPending}
      selected={form.neighborhoodCodes}
      onToggle={(code) => onChange({ neighborhoodCodes: toggleCode(form.neighborhoodCodes, code) })}
      onClear={() => onChange({ neighborhoodCodes: [] })}
      view={view}
      onView={setView}
      autoFocus={areasFirst}
    />
  );
  return (
    <>
      {areasFirst ? [areas, price] : [price, areas]}
      <div className={styles.row}>
        <FormGroup label={t("settings.minRooms")} labelFor="bot-rooms">
          <NumericInput
            id="bot-rooms"
            min={ROOMS_MIN}
            max={ROOMS_MAX}
            stepSize={1}
            minorStepSize={null}
            majorStepSize={1}
            value={form.rooms ?? ""}
            onValueChange={(n, text) => onChange({ rooms: text.trim() === "" || Number.isNaN(n) ? null : n })}
            clampValueOnBlur={false}
            allowNumericCharactersOnly
            fill
          />
        </FormGroup>
        <FormGroup label={t("settings.listings")}>
          <Switch
            checked={form.privateOnly}
            onChange={(e) => onChange({ privateOnly: e.currentTarget.checked })}
            label={t("settings.privateOnly")}
            large
          />
        </FormGroup>
      </div>
      <NearField value={form.near ?? []} onChange={(near) => onChange({ near })} />
      <ChoicesField value={form.choices ?? NO_CHOICES} onChange={(choices) => onChange({ choices })} />
    </>
  );
}
