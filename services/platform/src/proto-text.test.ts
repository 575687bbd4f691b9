import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { getTextEncoding } from "@bufbuild/protobuf/wire";
import { EnvelopeSchema } from "@dirabot/proto/events/v1/envelope_pb.js";
import { describe, expect, it } from "vitest";
import { textEncoding } from "./proto-text.ts";

const texts = [
  "",
  "plain ascii",
  crypto.randomUUID(),
  "ויטל 4, פלורנטין, תל אביב יפו · 3.5 rooms · ₪6,500",
  "🏠 emoji and 𝔘nicode beyond the BMP",
  "half an emoji: \ud83c",
  "a low half alone: \udfe0 and NUL \u0000",
];

describe("protobuf's UTF-8 encoding in our processes", () => {
  it("is ours once the platform's events are loaded", async () => {
    await import("./bus/events.ts");
    expect(getTextEncoding()).toBe(textEncoding);
  });

  it("writes the bytes TextEncoder writes, a lone surrogate as U+FFFD, for every text", () => {
    const standard = new TextEncoder();
    for (const t of texts) expect([...textEncoding.encodeUtf8(t)]).toEqual([...standard.encode(t)]);
  });

  it("round-trips through a message", () => {
    for (const t of texts) {
      const back = fromBinary(
        EnvelopeSchema,
        toBinary(EnvelopeSchema, create(EnvelopeSchema, { type: t, source: t })),
      );
      // What any UTF-8 encoder makes of it: a lone surrogate becomes U+FFFD.
      expect(back.type).toBe(new TextDecoder().decode(new TextEncoder().encode(t)));
      expect(back.source).toBe(back.type);
    }
  });
});
