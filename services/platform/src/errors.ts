import { Code, ConnectError } from "@connectrpc/connect";

/**
 * One error shape for the whole product: a stable `code` and a `message` a person may read.
 * Inside, it travels as a ConnectError; at the gateway it becomes `{message, code}` JSON.
 */
export const ERROR_CODES = {
  invalid_argument: { connect: Code.InvalidArgument, http: 400 },
  unauthenticated: { connect: Code.Unauthenticated, http: 401 },
  permission_denied: { connect: Code.PermissionDenied, http: 403 },
  not_found: { connect: Code.NotFound, http: 404 },
  already_exists: { connect: Code.AlreadyExists, http: 409 },
  failed_precondition: { connect: Code.FailedPrecondition, http: 412 },
  rate_limited: { connect: Code.ResourceExhausted, http: 429 },
  /** A per-account cap (bots, push subscriptions): travels as ResourceExhausted, named in the header. */
  limit_reached: { connect: Code.ResourceExhausted, http: 409 },
  unavailable: { connect: Code.Unavailable, http: 503 },
  internal: { connect: Code.Internal, http: 500 },
  /** The session is not proof enough for this change: the password, or a recent sign-in. */
  reauth_required: { connect: Code.PermissionDenied, http: 403 },
  /** A session a ban ended: identity says so (with the ban's reason), the SPA shows /banned. */
  banned: { connect: Code.Unauthenticated, http: 401 },
  /** The gateway's own: a body that is not application/json (never sent between services). */
  unsupported_media_type: { connect: Code.InvalidArgument, http: 415 },
  /** A shared bot's invite link past its 7 days, or already spent. */
  invite_expired: { connect: Code.FailedPrecondition, http: 410 },
  invite_used: { connect: Code.FailedPrecondition, http: 409 },
} as const;
export type ErrorCode = keyof typeof ERROR_CODES;

export class AppError extends Error {
  readonly code: ErrorCode;
  /** For "rate_limited": the seconds before trying again is worth it (the gateway's Retry-After). */
  readonly retryAfterS?: number;
  /** For "banned": the reason the admin gave (the answer's `bannedReason`). */
  readonly bannedReason?: string;
  constructor(
    code: ErrorCode,
    message: string,
    options?: { cause?: unknown; retryAfterS?: number; bannedReason?: string },
  ) {
    super(message, options);
    this.code = code;
    this.name = "AppError";
    this.retryAfterS = options?.retryAfterS;
    this.bannedReason = options?.bannedReason;
  }
  get status(): number {
    return ERROR_CODES[this.code].http;
  }
  toConnect(): ConnectError {
    // Marked as ours, so a caller can tell a service's own "unavailable" (with its message for
    // users) from a transport failure (whose message is internal).
    return new ConnectError(
      this.message,
      ERROR_CODES[this.code].connect,
      {
        [APP_ERROR_HEADER]: this.code,
        ...(this.retryAfterS !== undefined ? { [RETRY_AFTER]: String(this.retryAfterS) } : {}),
        // Percent-encoded: a header carries ASCII, a reason may be Hebrew.
        ...(this.bannedReason !== undefined
          ? { [BANNED_REASON]: encodeURIComponent(this.bannedReason) }
          : {}),
      },
      undefined,
      this,
    );
  }
}

const APP_ERROR_HEADER = "x-dirabot-app-error";
const RETRY_AFTER = "x-dirabot-retry-after";
const BANNED_REASON = "x-dirabot-banned-reason";

function bannedReasonOf(err: ConnectError): string | undefined {
  const raw = err.metadata.get(BANNED_REASON);
  if (raw === null) return undefined;
  try {
    return decodeURIComponent(raw);
  } catch {
    return "";
  }
}

// The first code of each Connect code is the one a bare Connect error maps to.
const byConnect = new Map<Code, ErrorCode>(
  Object.entries(ERROR_CODES)
    .reverse()
    .map(([k, v]) => [v.connect, k as ErrorCode]),
);

/** The product's own code when the error was ours (the header names it), else undefined. */
function ownCode(err: ConnectError): ErrorCode | undefined {
  const named = err.metadata.get(APP_ERROR_HEADER);
  return named && Object.hasOwn(ERROR_CODES, named) ? (named as ErrorCode) : undefined;
}

/** Maps anything thrown to the product's error; unknown failures never leak their internals. */
export function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof ConnectError) {
    const code = ownCode(err) ?? byConnect.get(err.code) ?? "internal";
    if (code === "internal") return new AppError("internal", "Internal server error", { cause: err });
    if (err.code === Code.Unavailable && !err.metadata.has(APP_ERROR_HEADER))
      return new AppError("unavailable", "Service unavailable", { cause: err });
    const retry = Number(err.metadata.get(RETRY_AFTER) ?? Number.NaN);
    const bannedReason = code === "banned" ? (bannedReasonOf(err) ?? "") : undefined;
    return new AppError(code, err.rawMessage, {
      cause: err,
      ...(Number.isFinite(retry) ? { retryAfterS: retry } : {}),
      ...(bannedReason !== undefined ? { bannedReason } : {}),
    });
  }
  return new AppError("internal", "Internal server error", { cause: err });
}
