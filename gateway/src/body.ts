import { AppError } from "@dirabot/platform";
import type { Context } from "koa";
import type * as z from "zod";

const LIMIT = 256 * 1024;

/**
 * Reads a JSON body (256 KiB at most) and validates it; the first problem is the message. A body
 * must say it is JSON: a cross-site form can send text/plain or a form encoding without asking the
 * browser's leave, but not application/json (login CSRF), so anything else is refused unread.
 */
export async function body<S extends z.ZodType>(k: Context, schema: S): Promise<z.infer<S>> {
  let raw = "";
  if (k.request.length !== 0) {
    // is() is null without a body at all, false for another type (or none); parameters may follow.
    if (k.request.is("application/json") === false)
      throw new AppError("unsupported_media_type", "Request body must be sent as application/json");
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of k.req) {
      size += (chunk as Buffer).length;
      if (size > LIMIT) throw new AppError("invalid_argument", "Request body is too large");
      chunks.push(chunk as Buffer);
    }
    raw = Buffer.concat(chunks).toString("utf8");
  }
  let data: unknown = {};
  if (raw.trim()) {
    try {
      data = JSON.parse(raw);
    } catch {
      throw new AppError("invalid_argument", "Request body must be JSON");
    }
    // PostgreSQL text cannot hold NUL, and no field of ours means one: refused here, once for every
    // route, as the caller's mistake rather than failing deep in a service as ours.
    if (hasNul(raw)) throw new AppError("invalid_argument", "Text cannot contain NUL characters");
  }
  return parse(schema, data);
}

export function parse<S extends z.ZodType>(schema: S, data: unknown): z.infer<S> {
  const r = schema.safeParse(data);
  if (!r.success) throw new AppError("invalid_argument", r.error.issues[0]?.message ?? "Invalid request");
  return r.data;
}

/**
 * Whether the JSON text decodes to a NUL anywhere (key or value). A raw NUL is not valid JSON, so
 * only the escape `\u0000` can make one: found in the text, where a walk of the parsed value could
 * overflow the stack on deeply nested input. The escape counts when an odd number of backslashes
 * leads it (`\\u0000` is a backslash followed by "u0000").
 */
const NUL_ESCAPE = /(?<!\\)(?:\\\\)*\\u0000/;
export function hasNul(raw: string): boolean {
  return NUL_ESCAPE.test(raw);
}
