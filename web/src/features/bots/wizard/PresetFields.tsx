import { Callout, Classes, FormGroup } from "@blueprintjs/core";
import clsx from "clsx";
import { useTranslation } from "../../../i18n/index.ts";
import type { NeighborhoodOption } from "../api.ts";
import { AreaMultiSelect } from "../settings/AreaMultiSelect.tsx";
import styles from "./PresetFields.module.css";
import { type BotPreset, presetLine } from "./preset.ts";

// The name step's summary of a bot made from a property search: the areas (editable: a bot needs at
// least one, and a search often has none), then the price, rooms and seller it takes over, and
// what of the search a bot cannot follow.

interface Props {
  preset: BotPreset;
  codes: number[];
  onCodes: (codes: number[]) => void;
  options: NeighborhoodOption[];
  loading: boolean;
}

export function PresetFields({ preset, codes, onCodes, options, loading }: Props) {
  const { t } = useTranslation("bots");
  const toggle = (code: number) =>
    onCodes(codes.includes(code) ? codes.filter((c) => c !== code) : [...codes, code]);
  return (
    <section className={styles.preset} aria-label={t("preset.fromSearch")}>
      <div className={styles.head}>
        <span className={styles.title}>{t("preset.fromSearch")}</span>
        <span className={clsx(Classes.TEXT_MUTED, styles.line)}>{presetLine(preset)}</span>
      </div>
      <FormGroup
        label={t("preset.areas")}
        labelFor="wizard-areas"
        helperText={codes.length ? undefined : t("errors.areas")}
        intent={codes.length ? "none" : "warning"}
      >
        <AreaMultiSelect
          options={options}
          selected={codes}
          onToggle={toggle}
          onClear={() => onCodes([])}
          loading={loading}
        />
      </FormGroup>
      {preset.notKept.length ? (
        <Callout compact icon="info-sign" className={styles.note}>
          {t("preset.notKept", { list: preset.notKept.join(t("preset.notKeptJoin")) })}
        </Callout>
      ) : null}
    </section>
  );
}
