import * as z from "zod";

/** The stable codes of every failure; the HTTP status follows from the code. */
export const ERROR_CODES = [
  "invalid_argument",
  "unauthenticated",
  "permission_denied",
  "not_found",
  "already_exists",
  "failed_precondition",
  "limit_reached",
  "rate_limited",
  "unavailable",
  "internal",
  "reauth_required",
  "banned",
  "unsupported_media_type",
  "invite_expired",
  "invite_used",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Every failure of every route leaves in this one shape; the message is for people, the code for code. */
export const ErrorBody = z
  .strictObject({
    message: z.string(),
    code: z.enum(ERROR_CODES),
    /** With `banned` only: the reason the admin gave (may be empty). */
    bannedReason: z.string().optional(),
  })
  .meta({ id: "Error" });
export type ErrorBody = z.infer<typeof ErrorBody>;

export type Method = "get" | "post" | "patch" | "put" | "delete" | "head";

/**
 * One route of the contract. A response is a schema (its description the schema's own) or, for
 * answers without a JSON body of their own (errors, redirects, images), a description: an error
 * status (400 and up) is always the {message, code} shape.
 */
export interface ApiRoute {
  method: Method;
  /** The router's path, parameters as `:name`. */
  path: string;
  summary: string;
  /** The JSON body the route reads, as the route validates it (its messages are what users see). */
  body?: z.ZodType;
  /** The query string's fields, as the route validates them. */
  query?: z.ZodObject;
  responses: Record<number, z.ZodType | string>;
  /** A body that is not JSON (an image, say): its media types, by status. */
  media?: Record<number, string[]>;
  /**
   * Whether the route needs the caller's session (the bearer token or the session cookie):
   * `none` answers anyone, `optional` reads a session when one is sent. Unset: required.
   */
  session?: "none" | "optional";
}

/** A route of the contract, checked for shape where it is declared. */
export const route = <R extends ApiRoute>(r: R): R => r;

/** The JSON schema of a route's answer with this status: its own, the error shape, or none. */
export function responseSchema(r: ApiRoute, status: number): z.ZodType | undefined {
  const declared = r.responses[status];
  if (declared !== undefined && typeof declared !== "string") return declared;
  if (status >= 400) return ErrorBody;
  return undefined;
}

const segments = (p: string) => p.split("/").filter(Boolean);

/**
 * The route a request reaches: same method, every segment equal or a parameter; when several
 * match, the one with the most literal segments (the router registers those first).
 */
export function matchRoute(routes: readonly ApiRoute[], method: string, path: string): ApiRoute | undefined {
  const want = segments(path);
  let best: { r: ApiRoute; literal: number } | undefined;
  for (const r of routes) {
    if (r.method !== method.toLowerCase()) continue;
    const have = segments(r.path);
    if (have.length !== want.length) continue;
    let literal = 0;
    const ok = have.every((s, i) => {
      if (s.startsWith(":")) return true;
      literal++;
      return s === want[i];
    });
    if (ok && (!best || literal > best.literal)) best = { r, literal };
  }
  return best?.r;
}

/**
 * Why an answer breaks the contract, or null when it keeps it: a status the route does not
 * declare (successes) or a body its schema does not allow (every status).
 */
export function contractBreach(
  routes: readonly ApiRoute[],
  method: string,
  path: string,
  status: number,
  body: unknown,
): string | null {
  const r = matchRoute(routes, method, path);
  if (!r) {
    if (status < 400) return `${method} ${path} answered ${status} but the contract has no such route`;
    const e = ErrorBody.safeParse(body);
    return e.success ? null : `${method} ${path} ${status}: not the error shape: ${z.prettifyError(e.error)}`;
  }
  if (status < 400 && r.responses[status] === undefined)
    return `${method} ${r.path} answered ${status}, which the contract does not declare`;
  if (r.media?.[status]) return null;
  const schema = responseSchema(r, status);
  if (!schema) return null;
  const parsed = schema.safeParse(body);
  return parsed.success ? null : `${method} ${r.path} ${status}: ${z.prettifyError(parsed.error)}`;
}
