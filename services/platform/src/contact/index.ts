// How the product writes a contact: free of Node, so the SPA shares it (`@dirabot/platform/contact`).
export * from "./greeting.ts";
export * from "./phone.ts";
