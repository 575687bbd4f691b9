import { randomUUID } from "node:crypto";
import { create, type DescMessage, type MessageInitShape } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import { Code, ConnectError } from "@connectrpc/connect";
import {
  actorOf,
  encodeEvent,
  type PlatformTables,
  type ServiceContext,
  type ServiceModule,
} from "@dirabot/platform";
import { uniqueId } from "@dirabot/platform/testing";
import { type Bot, BotSchema, BotsService } from "@dirabot/proto/bots/v1/bots_pb.js";
import type { EventDef } from "@dirabot/proto/events";

/**
 * A stand-in for the bots service in the chat service's tests: a module named "bots" (so what it
 * stages goes out on dirabot.bots.*) that publishes bots events through its own outbox, and answers
 * GetBot for the bots it was told about (CreateChat's fallback), owner-only like the real one.
 */
export function botsDouble() {
  let ctx: ServiceContext<PlatformTables> | undefined;
  const known = new Map<string, Bot>();
  const module: ServiceModule<PlatformTables> = {
    name: "bots",
    schema: `botsdouble_${uniqueId()}`,
    async start(c) {
      ctx = c;
      return {
        routes: (router) =>
          router.service(BotsService, {
            getBot: (r, c) => {
              const actor = actorOf(c); // from the caller's verified credential, as the real one reads it
              const bot = known.get(r.id);
              if (!bot || (!actor.admin && bot.userId !== actor.userId))
                throw new ConnectError("Bot not found", Code.NotFound);
              return { bot };
            },
          }),
      };
    },
  };
  const started = () => {
    if (!ctx) throw new Error("the bots double is not started");
    return ctx;
  };
  return {
    module,
    /** A new bot of `userId` (not announced: call `emit` for that). */
    bot(userId: string, init: { botName?: string; id?: string; chatId?: string } = {}): Bot {
      const now = timestampFromDate(new Date());
      const bot = create(BotSchema, {
        id: init.id ?? randomUUID(),
        chatId: init.chatId ?? randomUUID(),
        userId,
        botName: init.botName ?? `bot ${uniqueId()}`,
        active: true,
        createdAt: now,
        updatedAt: now,
      });
      known.set(bot.id, bot);
      return bot;
    },
    /** Stages one event in the double's outbox and relays it, as the real service does. */
    async emit<D extends DescMessage>(event: EventDef<D>, payload: MessageInitShape<D>) {
      const c = started();
      await c.db.transaction().execute((trx) => c.outbox.stage(trx, event, create(event.schema, payload)));
      c.outbox.kick();
    },
    /**
     * Delivers one event twice under different bus message ids (past the bus's duplicate
     * window), as a relay that crashed before marking it published would: the consumer's
     * inbox has to absorb it.
     */
    async emitTwice<D extends DescMessage>(event: EventDef<D>, payload: MessageInitShape<D>) {
      const c = started();
      const ev = encodeEvent(event, create(event.schema, payload));
      await c.bus.publish(ev.subject, ev.data, ev.id);
      await c.bus.publish(ev.subject, ev.data, `${ev.id}-again`);
    },
  };
}
