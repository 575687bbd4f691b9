// What the root's scripts take of the gateway (`@dirabot/gateway/testing`): the realtime test
// kit, the browser tests' OIDC issuer and Prism proxy, and the push decoder the bench times.
export { messagesCreated } from "../src/push-entries.ts";
export * from "./e2e-issuer.ts";
export * from "./prism-proxy.ts";
export * from "./realtime-testkit.ts";
