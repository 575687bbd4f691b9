// The bots feature's public face for other features: the add-bot wizard (the property search opens
// it with a preset), the neighbourhood options with their short names, and the area picker (the
// property list's filters use Bot Settings' own).

export type { NeighborhoodOption } from "./api.ts";
export { AreaMultiSelect } from "./settings/AreaMultiSelect.tsx";
export { areaLabel, shortName } from "./settings/areas.ts";
export { useNeighborhoods } from "./useBots.ts";
export { AddBotWizard } from "./wizard/AddBotWizard.tsx";
export type { BotPreset } from "./wizard/preset.ts";
