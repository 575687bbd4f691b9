import { randomUUID } from "node:crypto";
import { create, type DescMessage, fromBinary, type MessageShape, toBinary } from "@bufbuild/protobuf";
import { anyPack, anyUnpack, timestampDate, timestampFromDate } from "@bufbuild/protobuf/wkt";
import { type Envelope, EnvelopeSchema } from "@dirabot/proto/events/v1/envelope_pb.js";
import { SUBJECT_ROOT } from "./bus.ts";
// Strings to UTF-8 the faster way, for every event and call this process encodes.
import "../proto-text.ts";

export interface DecodedEvent<Desc extends DescMessage> {
  id: string;
  type: string;
  source: string;
  occurredAt: Date;
  payload: MessageShape<Desc>;
}

/** Subject of an event: dirabot.<service>.<entity>.<verb>. */
export const subjectOf = (service: string, type: string) => `${SUBJECT_ROOT}.${service}.${type}`;

export function encodeEvent<Desc extends DescMessage>(
  source: string,
  type: string,
  schema: Desc,
  payload: MessageShape<Desc>,
): { id: string; subject: string; data: Uint8Array } {
  const id = randomUUID();
  const envelope = create(EnvelopeSchema, {
    id,
    type,
    source,
    occurredAt: timestampFromDate(new Date()),
    payload: anyPack(schema, payload),
  });
  return { id, subject: subjectOf(source, type), data: toBinary(EnvelopeSchema, envelope) };
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
