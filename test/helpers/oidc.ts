// A real authorization server for the authorization tests: panva's oidc-provider (OpenID
// certified) on a loopback port, with client-credentials clients and resource indicators. Tokens
// for `resource` are JWT access tokens (RFC 9068, ES256); tokens for `opaqueResource` are opaque
// (for introspection). Its signing key is the test's own, so a test can also sign tokens the
// server would never issue (expired ones) with the very same key.
import { createServer, type Server } from "node:http";
import * as jose from "jose";
import Provider from "oidc-provider";

export interface AuthorizationServer {
  issuer: string;
  jwksUri: string;
  introspectionEndpoint: string;
  /** The private signing key (ES256) the server signs access tokens with, and its kid. */
  signingKey: { key: CryptoKey; kid: string };
  /** A client-credentials token for `client` (its secret is `${client}-secret`). */
  token(client: string, scope: string, resource: string): Promise<string>;
  close(): Promise<void>;
}

export interface AuthorizationServerOptions {
  /** The MCP server's canonical URI: its tokens are JWTs with this audience. */
  resource: string;
  /** Which other resource indicators get JWTs (default: `resource` alone). */
  acceptResource?: (indicator: string) => boolean;
  /** Another resource whose tokens are opaque (introspected). */
  opaqueResource: string;
  /** Every scope the resource servers know. */
  scopes: string[];
  /** Client id → the scopes it may ask for; each gets the secret `${id}-secret`. */
  clients: Record<string, string[]>;
}

export async function startAuthorizationServer(options: AuthorizationServerOptions): Promise<AuthorizationServer> {
  const { privateKey } = await jose.generateKeyPair("ES256", { extractable: true });
  const kid = "test-es256";
  const jwk = { ...(await jose.exportJWK(privateKey)), kid, alg: "ES256", use: "sig" };
  const http: Server = createServer();
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(http.address() as { port: number }).port}`;
  const provider = new Provider(issuer, {
    clients: Object.entries(options.clients).map(([id, scopes]) => ({
      client_id: id,
      client_secret: `${id}-secret`,
      grant_types: ["client_credentials"],
      response_types: [],
      redirect_uris: [],
      ...(scopes.length ? { scope: scopes.join(" ") } : {}),
      token_endpoint_auth_method: "client_secret_basic",
      id_token_signed_response_alg: "ES256", // the only key it has
    })),
    jwks: { keys: [jwk] },
    scopes: options.scopes,
    ttl: { ClientCredentials: 600 },
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      introspection: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => options.resource,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx: unknown, indicator: string) => {
          const jwt = indicator === options.resource || (options.acceptResource?.(indicator) ?? false);
          if (!jwt && indicator !== options.opaqueResource) throw new Provider.errors.InvalidTarget();
          return { scope: options.scopes.join(" "), audience: indicator, accessTokenTTL: 600, accessTokenFormat: jwt ? "jwt" : "opaque", ...(jwt ? { jwt: { sign: { alg: "ES256" } } } : {}) };
        },
      },
    },
  });
  http.on("request", provider.callback());
  const token = async (client: string, scope: string, resource: string) => {
    const response = await fetch(`${issuer}/token`, {
      method: "POST",
      headers: { authorization: `Basic ${btoa(`${client}:${client}-secret`)}`, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "client_credentials", scope, resource }).toString(),
    });
    const body = (await response.json()) as { access_token?: string };
    if (!response.ok || !body.access_token) throw new Error(`the authorization server refused a token for ${client}: ${JSON.stringify(body)}`);
    return body.access_token;
  };
  const close = () => new Promise<void>((resolve) => (http.closeAllConnections(), http.close(() => resolve())));
  return { issuer, jwksUri: `${issuer}/jwks`, introspectionEndpoint: `${issuer}/token/introspection`, signingKey: { key: privateKey, kid }, token, close };
}
