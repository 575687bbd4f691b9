import * as z from "zod";

/** A whole number in a query string, within bounds; "" or absent takes the default. */
export const count = (name: string, min: number, max: number, fallback: number) => {
  const msg = `${name} must be a whole number from ${min} to ${max}`;
  return z.preprocess(
    (v) => (v === "" || v === undefined ? String(fallback) : v),
    z
      .string({ error: `${name} must be given once` })
      .regex(/^\d{1,9}$/, msg)
      .transform(Number)
      .refine((n) => n >= min && n <= max, msg),
  );
};

/** A text field of a query: absent is "", a repeated parameter is refused. */
export const queryText = (name: string, max: number) =>
  z.preprocess((v) => (v === undefined ? "" : v), z.string({ error: `${name} must be given once` }).max(max));

/** An ISO 8601 instant as the gateway writes it (Date#toISOString), or null where unknown. */
export const instant = z.iso.datetime();
export const maybeInstant = instant.nullable();
