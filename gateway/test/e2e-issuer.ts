import * as http from "node:http";
import Provider from "oidc-provider";

/**
 * For the browser tests: a local OpenID Connect issuer standing in for Google (an outside
 * service), with oidc-provider's development sign-in screens. Any login name signs in as
 * <name>@gmail.test, verified.
 */
export async function startIssuer(
  port: number,
  redirectUri: string,
): Promise<{ url: string; close(): void }> {
  const url = `http://127.0.0.1:${port}`;
  const provider = new Provider(url, {
    clients: [
      {
        client_id: "dirabot-e2e",
        client_secret: "dirabot-e2e-secret",
        redirect_uris: [redirectUri],
        response_types: ["code"],
        grant_types: ["authorization_code"],
      },
    ],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["given_name", "family_name"] },
    findAccount: async (_ctx, id) => ({
      accountId: id,
      claims: async () => ({
        sub: id,
        email: `${id}@gmail.test`,
        email_verified: true,
        given_name: "Gali",
        family_name: "Google",
      }),
    }),
    features: { devInteractions: { enabled: true } },
  });
  const server = http.createServer(provider.callback()).listen(port, "127.0.0.1");
  await new Promise((r) => server.once("listening", r));
  return { url, close: () => server.close() };
}
