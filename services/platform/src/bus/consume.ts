import type { DescMessage } from "@bufbuild/protobuf";
import type { AnyDb, AnyTrx } from "../db/types.ts";
import type { Bus, Subscription } from "./bus.ts";
import { type DecodedEvent, decodeEvent } from "./events.ts";

export interface ConsumerSpec<Desc extends DescMessage> {
  /** Durable name, unique per service and purpose, e.g. "chat-on-bot-matched". */
  durable: string;
  subjects: string[];
  schema: Desc;
  /**
   * Applies the event inside a transaction that also records its id in the inbox: the effect
   * happens exactly once however often the event arrives. No remote calls in here (habit 6);
   * stage follow-up events in the outbox instead.
   */
  apply(trx: AnyTrx, event: DecodedEvent<Desc>, attempt: number): Promise<void>;
  /** Runs after the commit (e.g. kick the outbox, push to sockets); failures are logged, not retried. */
  after?(event: DecodedEvent<Desc>): Promise<void> | void;
  ackWaitMs?: number;
}

export async function consume<Desc extends DescMessage>(
  bus: Bus,
  db: AnyDb,
  spec: ConsumerSpec<Desc>,
  onAfterError: (err: unknown) => void = () => undefined,
): Promise<Subscription> {
  return bus.subscribe({
    durable: spec.durable,
    subjects: spec.subjects,
    ackWaitMs: spec.ackWaitMs,
    handler: async ({ data, attempt }) => {
      const event = decodeEvent(data, spec.schema);
      const applied = await db.transaction().execute(async (trx) => {
        const fresh = await trx
          .insertInto("inbox")
          .values({ consumer: spec.durable, event_id: event.id })
          .onConflict((oc) => oc.doNothing())
          .returning("event_id")
          .executeTakeFirst();
        if (!fresh) return false; // applied before: a redelivery after a lost ack
        await spec.apply(trx, event, attempt);
        return true;
      });
      if (applied && spec.after) {
        try {
          await spec.after(event);
        } catch (err) {
          onAfterError(err);
        }
      }
    },
  });
}
