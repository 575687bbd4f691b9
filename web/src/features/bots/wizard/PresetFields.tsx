import { Callout, Classes, FormGroup } from "@blueprintjs/core";
import { BOT_MESSAGES } from "@dirabot/api/messages.ts";
import clsx from "clsx";
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
  const toggle = (code: number) =>
    onCodes(codes.includes(code) ? codes.filter((c) => c !== code) : [...codes, code]);
  return (
    <section className={styles.preset} aria-label="From your search">
      <div className={styles.head}>
        <span className={styles.title}>From your search</span>
        <span className={clsx(Classes.TEXT_MUTED, styles.line)}>{presetLine(preset)}</span>
      </div>
      <FormGroup
        label="Areas"
        labelFor="wizard-areas"
        helperText={codes.length ? undefined : BOT_MESSAGES.areas}
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
          Not kept: {preset.notKept.join("; ")}. Bots follow areas, price, rooms and private listings.
        </Callout>
      ) : null}
    </section>
  );
}
