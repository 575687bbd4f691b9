import { Buffer } from "node:buffer";
import { configureTextEncoding, getTextEncoding } from "@bufbuild/protobuf/wire";

/**
 * How protobuf-es turns strings into UTF-8 in every process that imports the platform's events:
 * `Buffer.from`, which fills slices of a shared pool, where the default `TextEncoder.encode`
 * allocates a buffer of its own for every string (slower for the short ids and texts of an
 * event, and a listing's matches are thousands of strings). The bytes are the same, a lone surrogate
 * included (both write U+FFFD). Decoding and the UTF-8 check stay protobuf-es's own.
 */
export const textEncoding = {
  ...getTextEncoding(),
  encodeUtf8: (text: string): Uint8Array<ArrayBuffer> => Buffer.from(text, "utf8") as Uint8Array<ArrayBuffer>,
};
configureTextEncoding(textEncoding);
