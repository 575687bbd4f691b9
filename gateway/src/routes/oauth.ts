import type { Client } from "@connectrpc/connect";
import { authRoutes as contract } from "@dirabot/api";
import { AppError, type Logger, type Settings } from "@dirabot/platform";
import type { IdentityService } from "@dirabot/proto/identity/v1/identity_pb.js";
import type Router from "@koa/router";
import * as oidc from "openid-client";
import { setCookie, setSessionCookie } from "../auth/cookie.ts";
import { handOver } from "../auth/hand-over.ts";
import { browserLocale } from "../locale.ts";
import type { ApiDoc } from "../openapi.ts";
import type { GatewaySettings } from "../settings.ts";
import { userAgentOf } from "./access.ts";

const FLOW_COOKIE = "dirabot_oauth";
const LOOPBACK = /^http:\/\/(127\.\d+\.\d+\.\d+|localhost|\[::1\])(:\d+)?(\/|$)/;

/**
 * Google sign-in: authorization code with PKCE, state and nonce (openid-client). The flow's
 * secrets ride in a signed, http-only, 10-minute cookie; the verified email finds or creates the
 * account in the identity service; the session cookie is set and the browser goes to /redirect.
 */
export function oauthRoutes(
  router: Router,
  deps: {
    identity: Client<typeof IdentityService>;
    settings: Settings;
    google: GatewaySettings;
    log: Logger;
    secureCookie: boolean;
  },
  doc: ApiDoc,
): void {
  const s = deps.settings;
  const g = deps.google;
  const enabled = Boolean(g.GOOGLE_CLIENT_ID && g.GOOGLE_CLIENT_SECRET);
  const redirectUri = `${s.publicUrl}/api/oauth/google/callback`;
  let config: Promise<oidc.Configuration> | undefined;
  const discover = () => {
    config ??= oidc
      .discovery(new URL(g.GOOGLE_ISSUER), g.GOOGLE_CLIENT_ID ?? "", g.GOOGLE_CLIENT_SECRET, undefined, {
        // A plain-http issuer is accepted only on this machine (a local test issuer).
        execute: LOOPBACK.test(g.GOOGLE_ISSUER) ? [oidc.allowInsecureRequests] : [],
      })
      .catch((err) => {
        config = undefined; // try discovery again on the next sign-in
        throw err;
      });
    return config;
  };

  doc.add(contract.oauthStart);
  router.get("/api/oauth/google", async (k) => {
    if (!enabled) throw new AppError("not_found", "Google sign-in is not configured");
    const verifier = oidc.randomPKCECodeVerifier();
    const flow = { verifier, state: oidc.randomState(), nonce: oidc.randomNonce() };
    const url = oidc.buildAuthorizationUrl(await discover(), {
      redirect_uri: redirectUri,
      scope: "openid email profile",
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: "S256",
      state: flow.state,
      nonce: flow.nonce,
    });
    const value = Buffer.from(JSON.stringify(flow)).toString("base64url");
    setCookie(k, FLOW_COOKIE, value, deps.secureCookie, {
      signed: true,
      httpOnly: true,
      sameSite: "lax", // the provider's redirect back is a cross-site top-level navigation
      maxAge: 10 * 60 * 1000,
      path: "/api/oauth",
    });
    k.redirect(url.href);
  });

  router.get("/api/oauth/google/callback", async (k) => {
    const raw = k.cookies.get(FLOW_COOKIE, { signed: true });
    setCookie(k, FLOW_COOKIE, "", deps.secureCookie, { maxAge: 0, path: "/api/oauth" });
    try {
      if (!enabled || !raw) throw new Error("no sign-in in progress");
      const flow = JSON.parse(Buffer.from(raw, "base64url").toString()) as {
        verifier: string;
        state: string;
        nonce: string;
      };
      const tokens = await oidc.authorizationCodeGrant(
        await discover(),
        new URL(k.originalUrl, s.publicUrl),
        {
          pkceCodeVerifier: flow.verifier,
          expectedState: flow.state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        },
      );
      const idClaims = tokens.claims();
      // Google puts the email in the ID token; other issuers only answer it at userinfo.
      const claims =
        idClaims?.email !== undefined
          ? idClaims
          : await oidc.fetchUserInfo(
              await discover(),
              tokens.access_token,
              idClaims?.sub ?? oidc.skipSubjectCheck,
            );
      if (!claims?.email || claims.email_verified !== true)
        throw new Error("the provider did not verify an email");
      const { session } = await deps.identity.oAuthSignIn({
        provider: "google",
        email: String(claims.email),
        firstname: String(claims.given_name ?? claims.name ?? ""),
        lastname: String(claims.family_name ?? ""),
        userAgent: userAgentOf(k),
        locale: browserLocale(k),
      });
      await handOver(deps.identity, session?.token, () => {
        setSessionCookie(k, session?.token ?? "", deps.secureCookie);
        k.redirect("/redirect");
      });
    } catch (err) {
      deps.log.warn({ err: String(err) }, "Google sign-in failed");
      k.redirect("/login?error=google");
    }
  });
}
