import { randomUUID } from "node:crypto";
import { create, type DescMessage, fromBinary, type MessageShape, toBinary } from "@bufbuild/protobuf";
import { anyPack, anyUnpack, timestampDate, timestampFromDate } from "@bufbuild/protobuf/wkt";
import type { EventDef } from "@dirabot/proto/events";
import { type Envelope, EnvelopeSchema } from "@dirabot/proto/events/v1/envelope_pb.js";
// Strings to UTF-8 the faster way, for every event and call this process encodes.
import "../proto-text.ts";

export interface DecodedEvent<Desc extends DescMessage> {
  id: string;
  type: string;
  source: string;
  occurredAt: Date;
  payload: MessageShape<Desc>;
}

/** An event in its envelope, on its declared subject (its producer the envelope's source). */
export function encodeEvent<Desc extends DescMessage>(
  event: EventDef<Desc>,
  payload: MessageShape<Desc>,
): { id: string; subject: string; data: Uint8Array } {
  const id = randomUUID();
  const envelope = create(EnvelopeSchema, {
    id,
    type: event.type,
    source: event.producer,
    occurredAt: timestampFromDate(new Date()),
    payload: anyPack(event.schema, payload),
  });
  return { id, subject: event.subject, data: toBinary(EnvelopeSchema, envelope) };
}

export function decodeEnvelope(data: Uint8Array): Envelope {
  return fromBinary(EnvelopeSchema, data);
}

/** Unpacks a payload of the expected message type, or throws (a poison message is not retried forever). */
export function decodeEvent<Desc extends DescMessage>(data: Uint8Array, schema: Desc): DecodedEvent<Desc> {
  const env = decodeEnvelope(data);
  const payload = env.payload ? anyUnpack(env.payload, schema) : undefined;
  if (!payload) throw new Error(`event ${env.id} (${env.type}) does not carry ${schema.typeName}`);
  return {
    id: env.id,
    type: env.type,
    source: env.source,
    occurredAt: env.occurredAt ? timestampDate(env.occurredAt) : new Date(0),
    payload,
  };
}
