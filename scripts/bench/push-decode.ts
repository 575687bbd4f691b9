import { create, toBinary } from "@bufbuild/protobuf";
import { anyPack, timestampFromDate } from "@bufbuild/protobuf/wkt";
import { messagesCreated } from "@dirabot/gateway/testing";
import { decodeEvent } from "@dirabot/platform";
import { ChatMessagesCreatedSchema } from "@dirabot/proto/events/v1/chat_pb.js";
import { EnvelopeSchema } from "@dirabot/proto/events/v1/envelope_pb.js";
import { type Figure, pct } from "./figures.ts";

/**
 * What a gateway spends reading a listing's `messages.created` (500 matches, each its own user's)
 * by how many of those users have a socket on it: the whole event decoded (before), and only the
 * entries its rooms want (gateway push-entries.ts). At the scaling model's 10 % online spread over
 * its replicas, a gateway holds ~1 % of an event's users or fewer; the fan-out bench's one
 * gateway holds all of them. Median of 200 reads each, after 100 to warm up.
 */
export function benchPushDecode(results: Figure[]): void {
  const now = timestampFromDate(new Date());
  const payload = create(ChatMessagesCreatedSchema, {
    asset: { id: crypto.randomUUID(), location: "ויטל 4, פלורנטין, תל אביב יפו", price: 6500, rooms: 3 },
    messages: Array.from({ length: 500 }, (_, i) => ({
      userId: crypto.randomUUID(),
      unreadCount: 3,
      botId: crypto.randomUUID(),
      botName: `bot ${i}`,
      message: {
        id: crypto.randomUUID(),
        chatId: crypto.randomUUID(),
        type: "asset",
        content: "ויטל 4, פלורנטין, תל אביב יפו · 3 rooms · ₪6,500",
        createdAt: now,
        updatedAt: now,
      },
    })),
  });
  const data = toBinary(
    EnvelopeSchema,
    create(EnvelopeSchema, {
      id: "bench",
      type: "messages.created",
      source: "chat",
      occurredAt: now,
      payload: anyPack(ChatMessagesCreatedSchema, payload),
    }),
  );
  const here = (every: number) =>
    new Set(payload.messages.filter((_, i) => i % every === 0).map((m) => m.userId));
  const time = (read: () => unknown) => {
    for (let i = 0; i < 100; i++) read();
    const ms: number[] = [];
    for (let i = 0; i < 200; i++) {
      const t = performance.now();
      read();
      ms.push(performance.now() - t);
    }
    return pct(ms, 50);
  };
  const whole = time(() => decodeEvent(data, ChatMessagesCreatedSchema));
  const rows: [string, number][] = [
    ["all", 1],
    ["10 %", 10],
    ["1 %", 100],
  ];
  const lazy = rows.map(([label, every]) => {
    const users = here(every);
    return `${label} ${time(() => messagesCreated(data).entries((k) => users.has(k.userId))).toFixed(2)}`;
  });
  results.push({
    name: `push decode: a gateway reading a listing's messages.created (500 entries, ${data.length} bytes), whole / only its users' entries when it holds all, 10 %, 1 % of them, median`,
    value: `${whole.toFixed(2)} / ${lazy.join(" · ")}`,
    unit: "ms",
  });
}
