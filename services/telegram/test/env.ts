export { testSettings } from "../../platform/test/settings.ts";
