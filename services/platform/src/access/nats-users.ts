import { STREAM } from "../bus/bus.ts";
import type { EventCatalogue } from "./catalogue.ts";

/** A NATS user's permissions, as nats-server's `authorization.users[].permissions` takes them. */
export interface NatsPermissions {
  publish: { allow: string[]; deny?: string[] };
  subscribe: { allow: string[] };
}

/** Replies (JetStream API answers, pulled messages) come to a user's own inbox, never another's. */
export const inboxPrefixOf = (user: string) => `_INBOX_${user}`;

const api = "$JS.API";
/** Reading a consumer by name: its info, its messages, their acknowledgements. */
const byConsumer = (name: string) => [
  `${api}.CONSUMER.INFO.${STREAM}.${name}`,
  `${api}.CONSUMER.MSG.NEXT.${STREAM}.${name}`,
  `$JS.ACK.${STREAM}.${name}.>`,
];

/**
 * What a component may do on NATS: publish its own events; keep the stream up to date (every
 * process ensures it at start); create consumers only filtered on the subjects it consumes (the
 * consumer-create subject carries the filter); pull, read and acknowledge consumers, but none of
 * the other components' durables. Consumer names are not pinned: some are made at run time (a
 * follower's, a Telegram bot's, a gateway without Redis). A component that consumes nothing gets
 * no consumer operation at all.
 */
export function natsPermissions(catalogue: EventCatalogue, component: string): NatsPermissions {
  const own = catalogue[component];
  if (!own) throw new Error(`${component} is not in the event catalogue`);
  const allow = [
    ...own.publishes,
    `${api}.INFO`,
    ...["INFO", "CREATE", "UPDATE"].map((op) => `${api}.STREAM.${op}.${STREAM}`),
  ];
  const publish: NatsPermissions["publish"] = { allow };
  if (own.subscribes.length > 0) {
    allow.push(...own.subscribes.map((s) => `${api}.CONSUMER.CREATE.${STREAM}.*.${s}`), ...byConsumer("*"));
    const others = Object.entries(catalogue)
      .filter(([name]) => name !== component)
      .flatMap(([, e]) => e.durables);
    publish.deny = others.flatMap((d) => [
      ...byConsumer(d),
      `${api}.CONSUMER.CREATE.${STREAM}.${d}`,
      `${api}.CONSUMER.CREATE.${STREAM}.${d}.>`,
      `${api}.CONSUMER.DELETE.${STREAM}.${d}`,
    ]);
  }
  if (own.follows) allow.push(`${api}.CONSUMER.DELETE.${STREAM}.*`);
  return { publish, subscribe: { allow: [`${inboxPrefixOf(component)}.>`] } };
}

/** The environment variable nats-server reads a component's password from. */
export const natsPasswordVar = (component: string) =>
  `NATS_PASSWORD_${component.toUpperCase().replaceAll("-", "_")}`;

/**
 * nats-server's `authorization` block: one user per component, each with its permissions, its
 * password read from the server's environment (natsPasswordVar), so the block holds no secret
 * and is generated once with the catalogue (`npm run events:catalogue`).
 */
export function natsAuthorization(catalogue: EventCatalogue): string {
  const users = Object.keys(catalogue).map((user) => ({
    user,
    password: `env:${natsPasswordVar(user)}`,
    permissions: natsPermissions(catalogue, user),
  }));
  // nats-server takes `$NAME` (unquoted) as a variable: the environment's value when not set in the file.
  const text = JSON.stringify(users, null, 2).replace(/"env:(\w+)"/g, "$$$1");
  return `authorization {\n  users: ${text.replaceAll("\n", "\n  ")}\n}\n`;
}
