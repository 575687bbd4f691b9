import { setTimeout as sleep } from "node:timers/promises";
import {
  AckPolicy,
  type ConsumerMessages,
  DeliverPolicy,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
  jetstream,
  jetstreamManager,
} from "@nats-io/jetstream";
import {
  connect,
  type NatsConnection,
  type Subscription as NatsSubscription,
  nanos,
  nuid,
} from "@nats-io/transport-node";
import { inboxPrefixOf } from "../access/nats-users.ts";
import type { Logger } from "../logger.ts";
import {
  type Bus,
  backoffMs,
  type FollowOptions,
  STREAM,
  SUBJECT_ROOT,
  type SubscribeOptions,
  type Subscription,
} from "./bus.ts";

/** JetStream: one stream over dirabot.>, durable pull consumers with explicit ack. */
export class NatsBus implements Bus {
  readonly kind = "nats" as const;
  #nc: NatsConnection;
  #js: JetStreamClient;
  #jsm: JetStreamManager;
  #log: Logger;

  private constructor(nc: NatsConnection, jsm: JetStreamManager, log: Logger) {
    this.#nc = nc;
    this.#jsm = jsm;
    this.#js = jetstream(nc);
    this.#log = log;
  }

  static async connect(url: string, log: Logger, name = "dirabot"): Promise<NatsBus> {
    const nc = await connect({ ...natsCredentials(url), name, maxReconnectAttempts: -1 });
    const jsm = await jetstreamManager(nc);
    const config = {
      name: STREAM,
      subjects: [`${SUBJECT_ROOT}.>`],
      max_age: nanos(7 * 24 * 3600 * 1000),
      duplicate_window: nanos(120_000),
    };
    try {
      await jsm.streams.info(STREAM);
      await jsm.streams.update(STREAM, config);
    } catch {
      await jsm.streams.add(config);
    }
    return new NatsBus(nc, jsm, log);
  }

  async publish(subject: string, data: Uint8Array, id: string): Promise<void> {
    await this.#js.publish(subject, data, { msgID: id });
  }

  async subscribe(options: SubscribeOptions): Promise<Subscription> {
    const maxDeliver = options.maxDeliver ?? 20;
    // One subject goes as filter_subject: filter_subjects needs NATS 2.10 (Debian ships 2.9).
    const filter =
      options.subjects.length === 1
        ? { filter_subject: options.subjects[0] }
        : { filter_subjects: options.subjects };
    // What a replica or a later run may bring up to date on a durable that exists.
    const limits = { ...filter, ack_wait: nanos(options.ackWaitMs ?? 30_000), max_deliver: maxDeliver };
    const ensure = () =>
      this.#jsm.consumers
        .add(STREAM, {
          durable_name: options.durable,
          ack_policy: AckPolicy.Explicit,
          deliver_policy: options.fromStart ? DeliverPolicy.All : DeliverPolicy.New,
          ...limits,
        })
        .catch(() => this.#jsm.consumers.update(STREAM, options.durable, limits));
    const most = options.inFlight ?? 16;
    // A durable deleted from under us ends the messages with an error (rather than nats.js
    // asking after it forever): it is made again and consumed again.
    const open = async () => {
      await ensure();
      const consumer = await this.#js.consumers.get(STREAM, options.durable);
      return consumer.consume({ max_messages: most, abort_on_missing_resource: true });
    };
    const inFlight = new Set<Promise<void>>();
    const handle = (m: JsMsg) => {
      const run = options
        .handler({ subject: m.subject, data: m.data, attempt: m.info.deliveryCount })
        .then(
          () => m.ack(),
          (err: unknown) => {
            const attempt = m.info.deliveryCount;
            this.#log.warn(
              { err, subject: m.subject, attempt, consumer: options.durable },
              "event handler failed; will retry",
            );
            if (attempt >= maxDeliver)
              this.#log.error({ subject: m.subject, consumer: options.durable }, "event given up");
            m.nak(backoffMs(attempt));
          },
        )
        // An acknowledgement that could not be sent: the event comes again after ack_wait.
        .catch((err: unknown) => this.#log.warn({ err, consumer: options.durable }, "event not acknowledged"))
        .finally(() => inFlight.delete(run));
      inFlight.add(run);
      return inFlight.size >= most ? Promise.race(inFlight) : undefined;
    };
    const consuming = await this.#keepConsuming(open, handle, options.durable);
    return {
      stop: async () => {
        await consuming.stop();
        await Promise.allSettled([...inFlight]);
      },
    };
  }

  /**
   * An ordered consumer: ephemeral, in memory on the server, no acknowledgements, starting at the
   * next message; nats.js recreates it from the last sequence seen after a gap or a reconnect, and
   * the server drops it 5 minutes after the process stopped asking.
   */
  async follow(options: FollowOptions): Promise<Subscription> {
    const open = async () => {
      const consumer = await this.#js.consumers.get(STREAM, {
        // Unique per follower: two processes under one name would otherwise share a consumer.
        name_prefix: `${options.name}_${nuid.next()}`,
        // One subject goes as filter_subject: filter_subjects needs NATS 2.10 (Debian ships 2.9).
        filter_subjects: options.subjects.length === 1 ? (options.subjects[0] as string) : options.subjects,
        deliver_policy: DeliverPolicy.New,
      });
      return consumer.consume({ max_messages: 512 });
    };
    const handle = async (m: JsMsg) => {
      try {
        await options.handler({ subject: m.subject, data: m.data, attempt: 1 });
      } catch (err) {
        this.#log.warn({ err, subject: m.subject, follower: options.name }, "event not followed");
      }
    };
    return this.#keepConsuming(open, handle, options.name);
  }

  /**
   * Hands each message to `handle` (awaiting what it answers) until stopped. Messages that end
   * on their own, with an error or without (a consumer gone, a request nats.js gave up on), are
   * opened again after a pause, for as long as it takes: a consumer that stopped would leave its
   * service running deaf, and an error thrown here would end the process.
   */
  async #keepConsuming(
    open: () => Promise<ConsumerMessages>,
    handle: (m: JsMsg) => Promise<unknown> | undefined,
    name: string,
  ): Promise<Subscription> {
    let messages: ConsumerMessages | undefined = await open();
    const stopping = new AbortController();
    const loop = (async () => {
      for (let failures = 0; !stopping.signal.aborted; ) {
        try {
          if (!messages) messages = await open();
          // Opened again while stop() was under way: stop() saw no messages to end.
          if (stopping.signal.aborted) return void (await leave(messages));
          for await (const m of messages) {
            failures = 0;
            await handle(m);
          }
        } catch (err) {
          if (stopping.signal.aborted) return;
          this.#log.warn({ err, consumer: name }, "event consumer failed; opening it again");
        }
        messages = undefined;
        // A closed connection is the bus closing: nothing left to consume from.
        if (stopping.signal.aborted || this.#nc.isClosed()) return;
        // Cut short by stop(): its rejection is the pause's end.
        await sleep(backoffMs(++failures), undefined, { signal: stopping.signal }).catch(() => undefined);
      }
    })();
    return {
      stop: async () => {
        stopping.abort();
        if (messages) await leave(messages);
        await loop;
      },
    };
  }

  async close(): Promise<void> {
    await this.#nc.drain().catch(() => this.#nc.close());
  }
}

/**
 * NATS_URL's user and password (`nats://user:password@host:port`) as nats.js takes them, which
 * reads none from the address; a user's replies come to its own inbox prefix (its permissions
 * let it read that one alone, nats-users.ts).
 */
export function natsCredentials(url: string): {
  servers: string;
  user?: string;
  pass?: string;
  inboxPrefix?: string;
} {
  const u = new URL(url);
  if (!u.username) return { servers: url };
  const user = decodeURIComponent(u.username);
  const pass = decodeURIComponent(u.password);
  u.username = "";
  u.password = "";
  return { servers: u.toString().replace(/\/$/, ""), user, pass, inboxPrefix: inboxPrefixOf(user) };
}

/**
 * Ends a consumer's messages without dropping any the server already sent. Stopping them outright
 * unsubscribes at once, and what was on its way (a pull asks for up to 16) was thrown away
 * unacknowledged: the durable's other replicas got those events only after ack_wait (30 s), a
 * listing's matches late by that much in a rollout. Draining the pull's subscription tells the
 * server to send no more and hands on everything that arrives before it has heard; nats.js then
 * ends the messages. The subscription is not in nats.js's public types: an ordered follower's
 * messages have none of their own, and are stopped (the server forgets those).
 */
async function leave(messages: ConsumerMessages): Promise<void> {
  const sub = (messages as ConsumerMessages & { sub?: NatsSubscription }).sub;
  if (!sub || sub.isClosed() || sub.isDraining()) return messages.stop();
  // The drain's answer needs the server: in an outage the stop goes on without it.
  const waited = new AbortController();
  await Promise.race([sub.drain(), sleep(LEAVE_WAIT_MS, undefined, { signal: waited.signal })]).catch(
    () => undefined,
  );
  waited.abort();
  // After a drain this only marks the end behind what arrived (nats.js queues it after them).
  messages.stop();
}

/** How long a stopping consumer waits for the server to hear it leave (a round trip, normally). */
const LEAVE_WAIT_MS = 3000;
