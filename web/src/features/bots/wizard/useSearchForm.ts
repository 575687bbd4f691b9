import { useCallback, useState } from "react";
import { type BotForm, validate } from "../settings/form.ts";
import { useNeighborhoods } from "../useBots.ts";
import type { BotPreset } from "./preset.ts";
import { firstSearch, priceChosen as presetPriceChosen } from "./search.ts";

/**
 * The "What to watch" step's state, for both paths of the wizard (website and Telegram group):
 * the form, whether the price was chosen (else it follows the band), and what blocks creation.
 */
export function useSearchForm(preset?: BotPreset) {
  const [form, setForm] = useState<BotForm>(() => firstSearch(preset));
  const [priceChosen, setPriceChosen] = useState(() => presetPriceChosen(preset));
  const neighborhoods = useNeighborhoods();
  const onChange = useCallback((patch: Partial<BotForm>) => setForm((f) => ({ ...f, ...patch })), []);
  const onPriceChosen = useCallback(() => setPriceChosen(true), []);
  return { form, priceChosen, neighborhoods, onChange, onPriceChosen, errors: validate(form) };
}
