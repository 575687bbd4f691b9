import { jwtVerify, SignJWT } from "jose";

export const SESSION_SECONDS = 24 * 3600;

/** Session tokens: HS256 JWTs naming the user (sub) and the session (jti) that can be revoked. */
export class Tokens {
  #key: Uint8Array;
  constructor(secret: string) {
    this.#key = new TextEncoder().encode(secret);
  }

  async sign(userId: string, sessionId: string): Promise<{ token: string; expiresAt: Date }> {
    const expiresAt = new Date(Date.now() + SESSION_SECONDS * 1000);
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(userId)
      .setJti(sessionId)
      .setIssuedAt()
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .setIssuer("dirabot")
      .sign(this.#key);
    return { token, expiresAt };
  }

  /** The token's user and session, or undefined when forged, expired or malformed. */
  async read(token: string): Promise<{ userId: string; sessionId: string } | undefined> {
    try {
      const { payload } = await jwtVerify(token, this.#key, { issuer: "dirabot", algorithms: ["HS256"] });
      if (!payload.sub || !payload.jti) return undefined;
      return { userId: payload.sub, sessionId: payload.jti };
    } catch {
      return undefined;
    }
  }
}
