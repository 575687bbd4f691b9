import { loadAllNamespaces, startI18n } from "./index.ts";

// Every Vitest file starts with the English catalogues loaded, as a screen's draw has them.
await startI18n("en");
await loadAllNamespaces();
