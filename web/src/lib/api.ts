import { currentLang, i18n } from "../i18n/index.ts";
import { getStoredToken } from "./authToken.ts";
import { FIRST_REQUESTS } from "./firstRequestsName.ts";

export { FIRST_REQUESTS };

// The one HTTP client of the SPA: same origin, JSON both ways, cookies sent, the stored
// token as a bearer, and errors carrying the message the screens show.

// The app's own lines for a failure the server did not word, in the reader's language.
const genericError = () => i18n.t("common:api.generic");
const notJsonError = () => i18n.t("common:api.notJson");

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  /** Added to the URL; null and undefined values are left out. */
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /**
   * A 401 is not taken as the session's end: for a call made before the start-up check has
   * judged the session (a first screen's data asked for beside it), whose verdict is the check's.
   */
  beforeCheck?: boolean;
}

/**
 * A failed call: `message` is what the screen shows, `status` is 0 when the network failed, and
 * `retryAfterMs` is the server's Retry-After (429, 503) when it sent one.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly retryAfterMs: number | undefined;
  /** With code "banned" (a session a ban ended): the reason the admin gave, maybe "". */
  readonly bannedReason: string | undefined;

  constructor(message: string, status: number, code?: string, retryAfterMs?: number, bannedReason?: string) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.retryAfterMs = retryAfterMs;
    this.bannedReason = bannedReason;
  }
}

/** A failure that is no answer about the request: no network, a time-out, 429 or a 5xx. */
export const isTransient = (error: unknown): boolean =>
  error instanceof ApiError &&
  (error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500);

/** True when `error` says a ban ended the session the call carried (401 `banned`). */
export function isBanEnded(error: unknown): error is ApiError & { bannedReason: string } {
  return error instanceof ApiError && error.status === 401 && error.code === "banned";
}

/** Retry-After in milliseconds: delay-seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  // An HTTP date names its weekday and month; without letters it is no date ("-3" parses as a year).
  const at = /[a-z]/i.test(text) ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - now);
}

function withQuery(path: string, query: RequestOptions["query"]): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== null && value !== undefined) params.append(key, String(value));
  }
  const search = params.toString();
  if (!search) return path;
  return `${path}${path.includes("?") ? "&" : "?"}${search}`;
}

function isJson(response: Response): boolean {
  const type = response.headers.get("content-type") ?? "";
  return /\bjson\b/i.test(type);
}

async function failure(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => "");
  const retryAfter = parseRetryAfter(response.headers.get("retry-after"));
  try {
    const body: unknown = JSON.parse(text);
    if (body && typeof body === "object") {
      const { message, code, bannedReason } = body as {
        message?: unknown;
        code?: unknown;
        bannedReason?: unknown;
      };
      const shown = typeof message === "string" && message ? message : genericError();
      const reason = code === "banned" ? (typeof bannedReason === "string" ? bannedReason : "") : undefined;
      return new ApiError(
        shown,
        response.status,
        typeof code === "string" ? code : undefined,
        retryAfter,
        reason,
      );
    }
  } catch {
    // Not JSON: the raw body is the message.
  }
  return new ApiError(text.trim() || genericError(), response.status, undefined, retryAfter);
}

/**
 * A call the page's start script (scripts/route-preloads.ts) made before the app's code arrived:
 * a signed-in screen's session check and first data, sent as the page starts instead of after
 * the app's code has downloaded and run. Keyed by "METHOD url body", as `request` would send it.
 */
interface FirstRequest {
  token: string;
  /** performance.now() when it was sent. */
  at: number;
  abort: AbortController;
  response: Promise<Response>;
}

/** Older than this, an early answer is not used: the call is made again (the queries' own freshness). */
const FIRST_FRESH_MS = 30_000;

/**
 * The start script's request for this call, taken once: only with the same token, while fresh.
 * The caller's signal aborts it as it would have aborted its own fetch.
 */
function takeFirst(key: string, token: string | null, signal?: AbortSignal): Promise<Response> | undefined {
  if (typeof window === "undefined") return undefined;
  const first = (window as unknown as Record<string, Record<string, FirstRequest> | undefined>)[
    FIRST_REQUESTS
  ];
  const early = first?.[key];
  if (!first || !early) return undefined;
  delete first[key];
  if (early.token !== token || performance.now() - early.at > FIRST_FRESH_MS) {
    early.abort.abort();
    return undefined;
  }
  if (signal?.aborted) early.abort.abort(signal.reason);
  else signal?.addEventListener("abort", () => early.abort.abort(signal.reason), { once: true });
  return early.response;
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = "GET", body, query, signal, beforeCheck = false } = options;
  // The server words its messages in the language the app speaks, not the browser's default.
  const headers: Record<string, string> = { Accept: "application/json", "Accept-Language": currentLang() };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const token = getStoredToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  const url = withQuery(path, query);
  const json = body === undefined ? undefined : JSON.stringify(body);
  let response: Response;
  try {
    response = await (takeFirst(`${method} ${url} ${json ?? ""}`, token, signal) ??
      fetch(url, { method, headers, body: json, credentials: "include", signal }));
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(genericError(), 0);
  }

  if (!response.ok) {
    const error = await failure(response);
    if (response.status === 401 && !path.startsWith("/api/auth/") && !beforeCheck) onUnauthorized?.(error);
    throw error;
  }
  // 204 has no body by definition; every other success must be JSON.
  if (response.status === 204) return undefined as T;
  if (!isJson(response)) throw new ApiError(notJsonError(), response.status);
  try {
    return (await response.json()) as T;
  } catch {
    throw new ApiError(notJsonError(), response.status);
  }
}

export const api = {
  get: <T>(path: string, query?: RequestOptions["query"], signal?: AbortSignal) =>
    request<T>(path, { query, signal }),
  post: <T>(path: string, body?: unknown, signal?: AbortSignal) =>
    request<T>(path, { method: "POST", body, signal }),
  put: <T>(path: string, body?: unknown) => request<T>(path, { method: "PUT", body }),
  patch: <T>(path: string, body?: unknown) => request<T>(path, { method: "PATCH", body }),
  delete: <T>(path: string) => request<T>(path, { method: "DELETE" }),
};

// A 401 from any call outside /api/auth means the session is gone (expired, revoked, user deleted,
// or ended by a ban: code "banned"): the auth feature registers what to do (clear it and go to sign
// in, or to /banned). Auth calls are excluded because there a 401 is an answer the screen shows
// ("Invalid email or password").
let onUnauthorized: ((error: ApiError) => void) | null = null;

export function setUnauthorizedHandler(handler: ((error: ApiError) => void) | null): void {
  onUnauthorized = handler;
}
