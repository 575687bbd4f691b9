import {
  type CallOptions,
  createContextKey,
  createContextValues,
  type HandlerContext,
  type Interceptor,
} from "@connectrpc/connect";
import { errors as joseErrors, jwtVerify, SignJWT } from "jose";
import { AppError, toAppError } from "../errors.ts";
import type { Logger } from "../logger.ts";

/**
 * The trust boundary between services (docs/SECURITY.md). Every service call carries a short-lived
 * token signed with SERVICE_SECRET: it names the calling component, the service it is meant for,
 * and the acting user when a person is behind the call. Only the callee's interceptor turns it
 * into the handler's context, so a caller cannot claim a user in the request message any more.
 */
export interface Actor {
  userId: string;
  admin: boolean;
  /** The session the person acts through (password change keeps it, ends the others). */
  sessionId: string;
}

const actorKey = createContextKey<Actor | undefined>(undefined, { description: "the acting user" });
const callerKey = createContextKey<string>("", { description: "the calling component" });

/** Call options that make a call on behalf of a person. */
export const asActor = (actor: Actor): CallOptions => ({
  contextValues: createContextValues().set(actorKey, actor),
});

/** The person a call was made for; a call without one is refused. */
export function actorOf(ctx: HandlerContext): Actor {
  const actor = ctx.values.get(actorKey);
  if (!actor) throw new AppError("unauthenticated", "This call needs an acting user");
  return actor;
}

/** The person behind a call, if any (calls made by the product itself have none). */
export const maybeActor = (ctx: HandlerContext): Actor | undefined => ctx.values.get(actorKey);

/** Which component made the call ("gateway", "bots", …), as its token says. */
export const callerOf = (ctx: HandlerContext): string => ctx.values.get(callerKey);

/** Services any caller may ask without a token: Kubernetes' gRPC probes carry none. */
const OPEN_SERVICES = new Set(["grpc.health.v1.Health"]);

// A token lives a minute and is reused for half of it: minting and checking stay off the hot path.
const LIFETIME_S = 60;
const REUSE_MS = 30_000;
const CACHE_MAX = 10_000;
const AUTH = "authorization";

interface Claims {
  caller: string;
  actor?: Actor;
  expiresAt: number;
}

export class ServiceTrust {
  readonly #key: Uint8Array;
  readonly #minted = new Map<string, { token: string; until: number }>();
  readonly #verified = new Map<string, Claims & { audience: string }>();

  constructor(secret: string) {
    if (secret.length < 32) throw new Error("SERVICE_SECRET must be at least 32 characters");
    this.#key = new TextEncoder().encode(secret);
  }

  /** A token for one call from `caller` to the service `audience` (its proto type name). */
  async mint(caller: string, audience: string, actor?: Actor): Promise<string> {
    const id = `${caller}|${audience}|${actor ? `${actor.userId}|${actor.admin}|${actor.sessionId}` : ""}`;
    const now = Date.now();
    const hit = this.#minted.get(id);
    if (hit && hit.until > now) return hit.token;
    const token = await new SignJWT(
      actor ? { adm: actor.admin, sid: actor.sessionId, sub: actor.userId } : {},
    )
      .setProtectedHeader({ alg: "HS256", typ: "dirabot-service+jwt" })
      .setIssuer(caller)
      .setAudience(audience)
      .setIssuedAt()
      .setExpirationTime(Math.floor(now / 1000) + LIFETIME_S)
      .sign(this.#key);
    bounded(this.#minted).set(id, { token, until: now + REUSE_MS });
    return token;
  }

  /** What a token vouches for; `unauthenticated` when it is missing, forged, expired or not for us. */
  async verify(token: string | undefined, audience: string): Promise<Claims> {
    if (!token) throw new AppError("unauthenticated", "A service credential is required");
    const cached = this.#verified.get(token);
    if (cached && cached.audience === audience && cached.expiresAt > Date.now()) return cached;
    try {
      const { payload } = await jwtVerify(token, this.#key, {
        algorithms: ["HS256"],
        audience,
        typ: "dirabot-service+jwt",
        requiredClaims: ["iss", "exp"],
      });
      const claims: Claims = {
        caller: String(payload.iss),
        expiresAt: (payload.exp as number) * 1000,
        actor:
          typeof payload.sub === "string" && payload.sub !== ""
            ? { userId: payload.sub, admin: payload.adm === true, sessionId: String(payload.sid ?? "") }
            : undefined,
      };
      bounded(this.#verified).set(token, { ...claims, audience });
      return claims;
    } catch (err) {
      if (err instanceof joseErrors.JOSEError)
        throw new AppError("unauthenticated", "The service credential is not valid");
      throw err;
    }
  }

  /** Client side: every call of `caller` carries its token (and the person it acts for). */
  client(caller: string): Interceptor {
    return (next) => async (req) => {
      const actor = req.contextValues.get(actorKey);
      req.header.set(AUTH, `Bearer ${await this.mint(caller, req.service.typeName, actor)}`);
      return next(req);
    };
  }

  /**
   * Server side, the one place every RPC passes: the credential becomes the handler's context
   * (whatever the caller put there is replaced), and anything thrown becomes the product's error.
   */
  server(log?: Logger): Interceptor {
    return (next) => async (req) => {
      try {
        if (!OPEN_SERVICES.has(req.service.typeName)) {
          const raw = req.header.get(AUTH) ?? "";
          const claims = await this.verify(
            raw.startsWith("Bearer ") ? raw.slice(7) : undefined,
            req.service.typeName,
          );
          req.contextValues.set(callerKey, claims.caller);
          req.contextValues.set(actorKey, claims.actor);
        }
        return await next(req);
      } catch (err) {
        const appErr = toAppError(err);
        if (appErr.code === "internal")
          log?.error({ err, rpc: `${req.service.typeName}/${req.method.name}` }, "service call failed");
        throw appErr.toConnect();
      }
    };
  }
}

function bounded<K, V>(map: Map<K, V>): Map<K, V> {
  if (map.size >= CACHE_MAX) map.clear(); // tokens are cheap to make again; memory is not unbounded
  return map;
}
