// The bots feature's public face for other features: the add-bot wizard (the property search opens
// it with a preset) and the neighbourhood options with their short names.

export type { NeighborhoodOption } from "./api.ts";
export { areaLabel, shortName } from "./settings/areas.ts";
export { useNeighborhoods } from "./useBots.ts";
export { AddBotWizard } from "./wizard/AddBotWizard.tsx";
export type { BotPreset } from "./wizard/preset.ts";
