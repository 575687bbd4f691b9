import { Checkbox, FormGroup } from "@blueprintjs/core";
import type { BotChoices } from "../api.ts";

// A bot's must-haves and what it sends besides whole flats for long-term rent (issue 17 §2):
// under the bot's other fields in the add-bot wizard and in Bot Settings. A must-have passes only a
// listing known to have it: a flat whose post says nothing of a safe room is not sent.

export const NO_CHOICES: BotChoices = {
  safeRoom: false,
  parking: false,
  elevator: false,
  rooms: false,
  sublets: false,
};

const MUST: { key: keyof BotChoices; label: string }[] = [
  { key: "safeRoom", label: "Safe room (ממ״ד)" },
  { key: "parking", label: "Parking" },
  { key: "elevator", label: "Elevator" },
];
const ALSO: { key: keyof BotChoices; label: string }[] = [
  { key: "rooms", label: "Rooms in shared flats" },
  { key: "sublets", label: "Sublets" },
];

export function ChoicesField({ value, onChange }: { value: BotChoices; onChange: (v: BotChoices) => void }) {
  const box = (c: { key: keyof BotChoices; label: string }) => (
    <Checkbox
      key={c.key}
      inline
      checked={value[c.key]}
      label={c.label}
      data-testid={`bot-choice-${c.key}`}
      onChange={(e) => onChange({ ...value, [c.key]: e.currentTarget.checked })}
    />
  );
  return (
    <div>
      <FormGroup
        label="Must Have"
        helperText="Only flats known to have it: a listing that does not say is left out"
      >
        {MUST.map(box)}
      </FormGroup>
      <FormGroup label="Also Send" helperText="By default only whole flats for long-term rent">
        {ALSO.map(box)}
      </FormGroup>
    </div>
  );
}
