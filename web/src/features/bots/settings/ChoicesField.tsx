import { Checkbox, FormGroup } from "@blueprintjs/core";
import { useTranslation } from "../../../i18n/index.ts";
import type { BotChoices } from "../api.ts";

// A bot's must-haves and what it sends besides whole flats for long-term rent:
// under the bot's other fields in the add-bot wizard and in Bot Settings. A must-have passes only a
// listing known to have it: a flat whose post says nothing of a safe room is not sent.

export const NO_CHOICES: BotChoices = {
  safeRoom: false,
  parking: false,
  elevator: false,
  rooms: false,
  sublets: false,
};

// Each box's label is the catalogue's choices.<key>.
const MUST: (keyof BotChoices)[] = ["safeRoom", "parking", "elevator"];
const ALSO: (keyof BotChoices)[] = ["rooms", "sublets"];

export function ChoicesField({ value, onChange }: { value: BotChoices; onChange: (v: BotChoices) => void }) {
  const { t } = useTranslation("bots");
  const box = (key: keyof BotChoices) => (
    <Checkbox
      key={key}
      inline
      checked={value[key]}
      label={t(`choices.${key}`)}
      data-testid={`bot-choice-${key}`}
      onChange={(e) => onChange({ ...value, [key]: e.currentTarget.checked })}
    />
  );
  return (
    <div>
      <FormGroup label={t("choices.must")} helperText={t("choices.mustHelp")}>
        {MUST.map(box)}
      </FormGroup>
      <FormGroup label={t("choices.also")} helperText={t("choices.alsoHelp")}>
        {ALSO.map(box)}
      </FormGroup>
    </div>
  );
}
