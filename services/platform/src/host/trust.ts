import {
  type CallOptions,
  createContextKey,
  createContextValues,
  type HandlerContext,
  type Interceptor,
} from "@connectrpc/connect";
import { decodeProtectedHeader, errors as joseErrors, jwtVerify, SignJWT } from "jose";
import { LRUCache } from "lru-cache";
import { AppError, toAppError } from "../errors.ts";
import type { Logger } from "../logger.ts";
import { isOpen, mayCall, servedBy } from "./callers.ts";
import { ServiceKeys } from "./service-keys.ts";

/**
 * The trust boundary between services (docs/SECURITY.md). Every service call carries a short-lived
 * token signed with the key of its (caller, callee) pair: it names the calling component, the
 * service it is meant for, and the acting user when a person is behind the call. Only the callee's
 * interceptor turns it into the handler's context, so a caller cannot claim a user in the request
 * message, and only a caller the RPC's allow-list names gets past it.
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

// A token lives a minute and is reused for half of it: minting and checking stay off the hot path.
const LIFETIME_S = 60;
const REUSE_MS = 30_000;
const CACHE_MAX = 10_000;
const AUTH = "authorization";
const TYP = "dirabot-service+jwt";

interface Claims {
  caller: string;
  actor?: Actor;
  expiresAt: number;
}

/** Which component signs a call: a name, or picked per RPC (tests sign as whoever may make it). */
export type CallerOf = string | ((service: string, method: string) => string);

export class ServiceTrust {
  readonly #keys: ServiceKeys;
  /** Tokens made, reused for a while; calls that want the same one at once wait for one signing. */
  readonly #minted: LRUCache<string, string, () => Promise<string>>;
  /** Tokens checked, by audience and token, until they expire. */
  readonly #verified: LRUCache<string, Claims, () => Promise<Claims>>;

  /** From the master secret (every pair's key derived) or from the keys this process was given. */
  constructor(keys: string | ServiceKeys) {
    this.#keys = typeof keys === "string" ? ServiceKeys.fromSecret(keys) : keys;
    this.#minted = new LRUCache({
      max: CACHE_MAX,
      ttl: REUSE_MS,
      fetchMethod: (_id, _old, o) => o.context(),
    });
    this.#verified = new LRUCache({
      max: CACHE_MAX,
      fetchMethod: async (_id, _old, o) => {
        const claims = await o.context();
        // Kept until the token expires: trusted no longer than it says.
        o.options.ttl = Math.max(1, claims.expiresAt - Date.now());
        return claims;
      },
    });
  }

  /**
   * A token for one call from `caller` to the service `audience` (its proto type name) served by
   * the component `callee` (the first that serves it when unsaid), signed with that pair's key.
   */
  async mint(caller: string, audience: string, actor?: Actor, callee?: string): Promise<string> {
    const pair = `${caller}>${callee ?? servedBy(audience)[0] ?? ""}`;
    const id = `${pair}|${audience}|${actor ? `${actor.userId}|${actor.admin}|${actor.sessionId}` : ""}`;
    const sign = async () => {
      const key = this.#keys.get(pair);
      if (!key) throw new AppError("permission_denied", `This process holds no service key for ${pair}`);
      return new SignJWT(actor ? { adm: actor.admin, sid: actor.sessionId, sub: actor.userId } : {})
        .setProtectedHeader({ alg: "HS256", typ: TYP, kid: pair })
        .setIssuer(caller)
        .setAudience(audience)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + LIFETIME_S)
        .sign(key);
    };
    return (await this.#minted.fetch(id, { context: sign })) as string;
  }

  /**
   * What a token vouches for; `unauthenticated` when it is missing, forged, expired, not for us,
   * or signed with a key other than the one of the caller it names and a component serving us.
   */
  async verify(token: string | undefined, audience: string): Promise<Claims> {
    if (!token) throw new AppError("unauthenticated", "A service credential is required");
    const check = () => this.#check(token, audience);
    return (await this.#verified.fetch(`${audience}|${token}`, { context: check })) as Claims;
  }

  async #check(token: string, audience: string): Promise<Claims> {
    try {
      const pair = keyIdOf(token);
      const [caller = "", callee = ""] = pair.split(">");
      const key = servedBy(audience).includes(callee) ? this.#keys.get(pair) : undefined;
      if (!key) throw new AppError("unauthenticated", "The service credential is not valid");
      const { payload } = await jwtVerify(token, key, {
        algorithms: ["HS256"],
        audience,
        issuer: caller,
        typ: TYP,
        requiredClaims: ["iss", "exp"],
      });
      return {
        caller,
        expiresAt: (payload.exp as number) * 1000,
        actor:
          typeof payload.sub === "string" && payload.sub !== ""
            ? { userId: payload.sub, admin: payload.adm === true, sessionId: String(payload.sid ?? "") }
            : undefined,
      };
    } catch (err) {
      if (err instanceof joseErrors.JOSEError)
        throw new AppError("unauthenticated", "The service credential is not valid");
      throw err;
    }
  }

  /** Client side: every call of `caller` to the component `callee` carries its token (and the person it acts for). */
  client(caller: CallerOf, callee?: string): Interceptor {
    return (next) => async (req) => {
      const actor = req.contextValues.get(actorKey);
      const name = typeof caller === "string" ? caller : caller(req.service.typeName, req.method.name);
      const token = await this.mint(name, req.service.typeName, actor, callee).catch((err) => {
        throw toAppError(err).toConnect(); // no key for the pair: the caller sees why, as a code
      });
      req.header.set(AUTH, `Bearer ${token}`);
      return next(req);
    };
  }

  /**
   * Server side, the one place every RPC passes: the credential becomes the handler's context
   * (whatever the caller put there is replaced), a caller the RPC's allow-list (callers.ts) does
   * not name is refused before the handler runs, and anything thrown becomes the product's error.
   */
  server(log?: Logger): Interceptor {
    return (next) => async (req) => {
      const rpc = `${req.service.typeName}/${req.method.name}`;
      try {
        if (!isOpen(req.service.typeName)) {
          const raw = req.header.get(AUTH) ?? "";
          const claims = await this.verify(
            raw.startsWith("Bearer ") ? raw.slice(7) : undefined,
            req.service.typeName,
          );
          if (!mayCall(claims.caller, req.service.typeName, req.method.name)) {
            log?.warn({ caller: claims.caller, rpc }, "service call refused: caller not allowed");
            throw new AppError("permission_denied", `${claims.caller} may not call ${rpc}`);
          }
          req.contextValues.set(callerKey, claims.caller);
          req.contextValues.set(actorKey, claims.actor);
        }
        return await next(req);
      } catch (err) {
        const appErr = toAppError(err);
        if (appErr.code === "internal") log?.error({ err, rpc }, "service call failed");
        throw appErr.toConnect();
      }
    };
  }
}

/** The (caller, callee) pair a token says it is signed for; "" when it is not a token at all. */
function keyIdOf(token: string): string {
  try {
    return String(decodeProtectedHeader(token).kid ?? "");
  } catch {
    return "";
  }
}
