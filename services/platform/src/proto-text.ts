import { Buffer } from "node:buffer";
import { configureTextEncoding } from "@bufbuild/protobuf/wire";

/**
 * How protobuf-es turns strings into UTF-8 in every process that imports the platform's events:
 * `Buffer.from`, which fills slices of a shared pool, where the default `TextEncoder.encode`
 * allocates a buffer of its own for every string (3–4× slower for the short ids and texts of an
 * event; a listing's matches are ~6,000 strings). The bytes are the same, a lone surrogate
 * included (both write U+FFFD). Decoding and the UTF-8 check stay as protobuf-es does them.
 */
const decoder = new TextDecoder();
let strict: InstanceType<typeof TextDecoder> | undefined;
export const textEncoding = {
  encodeUtf8: (text: string): Uint8Array<ArrayBuffer> => Buffer.from(text, "utf8") as Uint8Array<ArrayBuffer>,
  decodeUtf8(bytes: Uint8Array, fatal?: boolean): string {
    if (!fatal) return decoder.decode(bytes);
    strict ??= new TextDecoder("utf-8", { fatal: true });
    return strict.decode(bytes);
  },
  checkUtf8(text: string): boolean {
    try {
      encodeURIComponent(text);
      return true;
    } catch {
      return false;
    }
  },
};
configureTextEncoding(textEncoding);
