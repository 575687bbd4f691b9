import { getStoredToken } from "./authToken.ts";

// The one HTTP client of the SPA: same origin, JSON both ways, cookies sent, the stored
// token as a bearer, and errors carrying the message the screens show.

const GENERIC_ERROR = "An error occurred";
const NOT_JSON_ERROR = "Invalid response format: expected JSON";

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

  constructor(message: string, status: number, code?: string, retryAfterMs?: number) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.retryAfterMs = retryAfterMs;
  }
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
      const { message, code } = body as { message?: unknown; code?: unknown };
      const shown = typeof message === "string" && message ? message : GENERIC_ERROR;
      return new ApiError(shown, response.status, typeof code === "string" ? code : undefined, retryAfter);
    }
  } catch {
    // Not JSON: the raw body is the message.
  }
  return new ApiError(text.trim() || GENERIC_ERROR, response.status, undefined, retryAfter);
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = "GET", body, query, signal, beforeCheck = false } = options;
  const headers: Record<string, string> = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const token = getStoredToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(withQuery(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "include",
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(GENERIC_ERROR, 0);
  }

  if (response.status === 401 && !path.startsWith("/api/auth/") && !beforeCheck) onUnauthorized?.();
  if (!response.ok) throw await failure(response);
  // 204 has no body by definition; every other success must be JSON.
  if (response.status === 204) return undefined as T;
  if (!isJson(response)) throw new ApiError(NOT_JSON_ERROR, response.status);
  try {
    return (await response.json()) as T;
  } catch {
    throw new ApiError(NOT_JSON_ERROR, response.status);
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

// A 401 from any call outside /api/auth means the session is gone (expired, revoked, user deleted):
// the auth feature registers what to do (clear it and go to sign in). Auth calls are excluded
// because there a 401 is an answer the screen shows ("Invalid email or password").
let onUnauthorized: (() => void) | null = null;

export function setUnauthorizedHandler(handler: (() => void) | null): void {
  onUnauthorized = handler;
}
