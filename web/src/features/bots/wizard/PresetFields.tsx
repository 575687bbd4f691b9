import { Callout, Classes, FormGroup } from "@blueprintjs/core";
import { BOT_MESSAGES } from "@dirabot/api/messages.ts";
import type { NeighborhoodOption } from "../api.ts";
import { AreaMultiSelect } from "../settings/AreaMultiSelect.tsx";
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
    <section className="wizard-preset" aria-label="From your search">
      <div className="wizard-preset__head">
        <span className="wizard-preset__title">From your search</span>
        <span className={`${Classes.TEXT_MUTED} wizard-preset__line`}>{presetLine(preset)}</span>
      </div>
      <FormGroup
        label="Areas"
        labelFor="wizard-areas"
        helperText={codes.length ? undefined : BOT_MESSAGES.areas}
        intent={codes.length ? "none" : "warning"}
        className="wizard-preset__areas"
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
        <Callout compact icon="info-sign" className="wizard-preset__note">
          Not kept: {preset.notKept.join("; ")}. Bots follow areas, price, rooms and private listings.
        </Callout>
      ) : null}
    </section>
  );
}
