export { testSettings } from "@dirabot/platform/testing";
