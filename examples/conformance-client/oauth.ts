// OAuth for the auth/… scenarios: the official SDK's StreamableHTTPClientTransport with a fetch
// that runs the SDK's `auth()` flow on 401/403, handed to the generated client as its transport.
// The provider keeps everything in memory and takes the authorization redirect itself (no
// browser): the conformance authorization server answers the authorization URL with a 302
// carrying the code. Modelled on the SDK's own conformance helpers.
import {
  ClientCredentialsProvider,
  CrossAppAccessProvider,
  DpopSession,
  PrivateKeyJwtProvider,
  StreamableHTTPClientTransport,
  UnauthorizedError,
  auth,
  computeScopeUnion,
  extractWWWAuthenticateParams,
  isStrictScopeSuperset,
  requestJwtAuthorizationGrant,
  withDpopFromProvider,
  type OAuthClientInformation,
  type OAuthClientInformationFull,
  type OAuthClientMetadata,
  type OAuthClientProvider,
  type OAuthDiscoveryState,
  type OAuthTokens,
} from "@modelcontextprotocol/client";
import type { Transport } from "../gen/index.js";

const REDIRECT = "http://localhost:3000/callback";
/** A Client ID Metadata Document URL, used as client_id where the server supports CIMD. */
const CLIENT_METADATA_URL = "https://conformance-test.local/client-metadata.json";

class MemoryOAuthProvider implements OAuthClientProvider {
  private information: OAuthClientInformationFull | undefined;
  private saved: OAuthTokens | undefined;
  private verifier: string | undefined;
  private discovery: OAuthDiscoveryState | undefined;
  code: string | undefined;
  iss: string | undefined;
  readonly clientMetadataUrl?: string;
  private readonly metadata: OAuthClientMetadata;
  private readonly proofs: DpopSession | undefined;

  /** `proofs`: a DPoP key (RFC 9449) the tokens are bound to and every request is signed with. */
  constructor(metadata: OAuthClientMetadata, clientMetadataUrl?: string, proofs?: DpopSession) {
    this.metadata = metadata;
    if (clientMetadataUrl !== undefined) this.clientMetadataUrl = clientMetadataUrl;
    this.proofs = proofs;
  }

  dpop(): DpopSession | undefined {
    return this.proofs;
  }

  get redirectUrl(): string {
    return REDIRECT;
  }
  get clientMetadata(): OAuthClientMetadata {
    return this.metadata;
  }
  clientInformation(): OAuthClientInformation | undefined {
    return this.information;
  }
  saveClientInformation(information: OAuthClientInformationFull): void {
    this.information = information;
  }
  tokens(): OAuthTokens | undefined {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens): void {
    this.saved = tokens;
  }
  saveDiscoveryState(state: OAuthDiscoveryState): void {
    this.discovery = state;
  }
  discoveryState(): OAuthDiscoveryState | undefined {
    return this.discovery;
  }
  saveCodeVerifier(verifier: string): void {
    this.verifier = verifier;
  }
  codeVerifier(): string {
    if (!this.verifier) throw new Error("no code verifier saved");
    return this.verifier;
  }
  invalidateCredentials(scope: "all" | "client" | "tokens" | "verifier" | "discovery"): void {
    if (scope === "all" || scope === "client") this.information = undefined;
    if (scope === "all" || scope === "tokens") this.saved = undefined;
    if (scope === "all" || scope === "verifier") this.verifier = undefined;
    if (scope === "all" || scope === "discovery") this.discovery = undefined;
  }
  /** Follows the authorization URL by hand and keeps the code (and `iss`, RFC 9207) of the redirect. */
  async redirectToAuthorization(authorizationUrl: URL): Promise<void> {
    const response = await fetch(authorizationUrl, { redirect: "manual" });
    const location = response.headers.get("location");
    if (!location) throw new Error(`no redirect from ${authorizationUrl}`);
    const redirect = new URL(location);
    this.code = redirect.searchParams.get("code") ?? undefined;
    this.iss = redirect.searchParams.get("iss") ?? undefined;
    if (!this.code) throw new Error("no authorization code in the redirect");
  }
}

type Fetch = (input: string | URL, init?: RequestInit) => Promise<Response>;

/** The provider the flow runs with: the in-memory one (authorization code), or one of the SDK's client-credentials providers. */
type FlowProvider = OAuthClientProvider & { code?: string | undefined; iss?: string | undefined };

/** On 401/403: run the SDK's flow (discovery, registration, authorization, token), step-up scopes on 403. */
async function authorize(response: Response, provider: FlowProvider, serverUrl: URL): Promise<void> {
  const { resourceMetadataUrl, scope: challenged } = extractWWWAuthenticateParams(response);
  const previous = await provider.tokens();
  const scope = response.status === 403 ? computeScopeUnion(previous?.scope, challenged) : challenged;
  if (response.status === 401) await provider.invalidateCredentials?.("discovery"); // the server may have moved its AS
  const base = { serverUrl, fetchFn: fetch as Fetch, ...(resourceMetadataUrl && { resourceMetadataUrl }), ...(scope !== undefined && { scope }) };
  let result = await auth(provider, { ...base, forceReauthorization: isStrictScopeSuperset(scope, previous?.scope) });
  if (result === "REDIRECT") {
    if (!provider.code) throw new UnauthorizedError("no authorization code");
    result = await auth(provider, { ...base, authorizationCode: provider.code, ...(provider.iss !== undefined && { iss: provider.iss }) });
  }
  if (result !== "AUTHORIZED") throw new UnauthorizedError(`authorization failed: ${result}`);
}

function oauthFetch(provider: FlowProvider, serverUrl: URL): Fetch {
  // Innermost: a DPoP-bound token goes out with the DPoP scheme and a proof per request (a Bearer one unchanged).
  const send = withDpopFromProvider(provider)(fetch) as Fetch;
  return async (input, init) => {
    const attempt = async () => {
      const headers = new Headers(init?.headers);
      const tokens = await provider.tokens();
      if (tokens) headers.set("Authorization", `Bearer ${tokens.access_token}`);
      return send(input, { ...init, headers });
    };
    let response = await attempt();
    if (response.status === 401 || response.status === 403) {
      await authorize(response, provider, serverUrl);
      response = await attempt();
    }
    if (response.status === 401 || response.status === 403) throw new UnauthorizedError(`still unauthorized at ${String(input)}`);
    return response;
  };
}

/**
 * The client-credentials extension (io.modelcontextprotocol/oauth-client-credentials): the SDK's
 * providers, with what the scenario's context gives (a secret for client_secret_basic, a PEM key
 * for a private_key_jwt assertion); undefined for every other scenario.
 */
function clientCredentials(scenario: string, context: Record<string, unknown>): FlowProvider | undefined {
  const clientId = String(context["client_id"]);
  if (scenario === "auth/client-credentials-basic") return new ClientCredentialsProvider({ clientId, clientSecret: String(context["client_secret"]) });
  if (scenario === "auth/client-credentials-jwt") return new PrivateKeyJwtProvider({ clientId, privateKey: String(context["private_key_pem"]), algorithm: String(context["signing_algorithm"]) });
  if (scenario === "auth/enterprise-managed-authorization") return enterpriseManaged(clientId, context);
  if (scenario === "auth/wif-jwt-bearer") return new WorkloadIdentityProvider(clientId, String(context["valid_jwt"]));
  return undefined;
}

const JWT_BEARER = "urn:ietf:params:oauth:grant-type:jwt-bearer";

/**
 * Workload identity federation (SEP-1933): the workload's own JWT, issued by its platform, is the
 * assertion of an RFC 7523 JWT-bearer grant; the client has no secret (token_endpoint_auth_method
 * none) and no authorization step.
 */
class WorkloadIdentityProvider implements OAuthClientProvider {
  private saved: OAuthTokens | undefined;
  constructor(
    private readonly clientId: string,
    private readonly assertion: string,
  ) {}
  get redirectUrl(): undefined {
    return undefined;
  }
  get clientMetadata(): OAuthClientMetadata {
    return { client_name: "mcp-gen-conformance-client", redirect_uris: [], grant_types: [JWT_BEARER], token_endpoint_auth_method: "none" };
  }
  clientInformation(): OAuthClientInformation {
    return { client_id: this.clientId };
  }
  tokens(): OAuthTokens | undefined {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens): void {
    this.saved = tokens;
  }
  redirectToAuthorization(): void {
    throw new Error("workload identity federation has no authorization step");
  }
  saveCodeVerifier(): void {}
  codeVerifier(): string {
    throw new Error("workload identity federation uses no PKCE verifier");
  }
  prepareTokenRequest(scope?: string): URLSearchParams {
    const params = new URLSearchParams({ grant_type: JWT_BEARER, assertion: this.assertion });
    if (scope) params.set("scope", scope);
    return params;
  }
}

/**
 * Enterprise-managed authorization (SEP-990): the enterprise IdP exchanges the user's ID token for
 * an ID-JAG (RFC 8693 token exchange), which the MCP server's authorization server takes in a
 * JWT-bearer grant (RFC 7523): the SDK's CrossAppAccessProvider and requestJwtAuthorizationGrant.
 */
function enterpriseManaged(clientId: string, context: Record<string, unknown>): FlowProvider {
  return new CrossAppAccessProvider({
    clientId,
    clientSecret: String(context["client_secret"]),
    assertion: async (at) => {
      const grant = await requestJwtAuthorizationGrant({
        tokenEndpoint: String(context["idp_token_endpoint"]),
        audience: at.authorizationServerUrl,
        resource: at.resourceUrl,
        idToken: String(context["idp_id_token"]),
        clientId: String(context["idp_client_id"]),
        ...(at.scope !== undefined && { scope: at.scope }),
        fetchFn: at.fetchFn,
      });
      return grant.jwtAuthGrant;
    },
  });
}

export async function oauthTransport(url: string, scenario: string, context: Record<string, unknown>): Promise<Transport> {
  const metadata: OAuthClientMetadata = { client_name: "mcp-gen-conformance-client", redirect_uris: [REDIRECT] };
  const preRegistered = scenario === "auth/pre-registration";
  const proofs = scenario.startsWith("auth/dpop") ? await DpopSession.create() : undefined;
  const memory = new MemoryOAuthProvider(metadata, preRegistered ? undefined : CLIENT_METADATA_URL, proofs);
  if (preRegistered) memory.saveClientInformation({ client_id: String(context["client_id"]), client_secret: String(context["client_secret"]), redirect_uris: [REDIRECT] });
  const serverUrl = new URL(url);
  return new StreamableHTTPClientTransport(serverUrl, { fetch: oauthFetch(clientCredentials(scenario, context) ?? memory, serverUrl) });
}
