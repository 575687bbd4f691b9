import { startI18n } from "./index.ts";

// Every Vitest file starts with the English catalogue loaded, as the browser's first draw does.
await startI18n("en");
