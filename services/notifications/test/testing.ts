// What other packages' tests take of the notifications service (`@dirabot/notifications/testing`).
export * from "./event-source.ts";
export * from "./push-receiver.ts";
