/**
 * The openid-client configuration for a provider (a certified OAuth 2 / OIDC client does the protocol
 * work: authorization URLs, the code grant, ID-token validation, `iss` checks). Discovery documents
 * are fetched once per issuer and cached; explicit endpoints skip discovery.
 */
import * as client from "openid-client";
import { InvalidEndpoints } from "../core/errors.js";
import type { OAuthProvider } from "../config/types.js";
import { normalizingFetch } from "./fetch.js";

const DISCOVERY_TTL = 60 * 60 * 1000;
const discovered = new Map<string, { at: number; metadata: client.ServerMetadata }>();

export function endpointUrl(endpoint: OAuthProvider["authorization"] | OAuthProvider["userinfo"]): string | undefined {
  if (!endpoint) return undefined;
  return typeof endpoint === "string" ? endpoint : endpoint.url;
}

/** localhost, 127.0.0.1 or [::1]. */
export function isLoopbackHost(hostname: string): boolean {
  return hostname === "localhost" || hostname === "127.0.0.1" || hostname === "[::1]";
}

/** A plain-http URL on this machine: the only http an OAuth issuer or endpoint may use. */
function isLoopback(url: string): boolean {
  try {
    const { hostname, protocol } = new URL(url);
    return protocol === "http:" && isLoopbackHost(hostname);
  } catch {
    return false;
  }
}

function clientAuth(provider: OAuthProvider): client.ClientAuth {
  const secret = provider.clientSecret;
  switch (provider.client?.token_endpoint_auth_method) {
    case "client_secret_post":
      return client.ClientSecretPost(secret);
    case "client_secret_jwt":
      return client.ClientSecretJwt(secret);
    case "private_key_jwt":
      return client.PrivateKeyJwt(provider.clientPrivateKey as client.CryptoKey);
    case "none":
      return client.None();
    default:
      return client.ClientSecretBasic(secret);
  }
}

/** Server metadata: discovered (cached) when the provider has no authorization URL, else from its config. */
async function serverMetadata(provider: OAuthProvider, fetcher: typeof fetch): Promise<client.ServerMetadata> {
  const authorization = endpointUrl(provider.authorization);
  if (authorization && !new URL(authorization).hostname.endsWith("authjs.dev")) {
    return {
      issuer: provider.issuer ?? new URL(authorization).origin,
      authorization_endpoint: authorization,
      token_endpoint: endpointUrl(provider.token),
      userinfo_endpoint: endpointUrl(provider.userinfo),
    };
  }
  const issuer = provider.issuer ?? provider.wellKnown;
  if (!issuer) throw new InvalidEndpoints(`Provider "${provider.id}" has neither an issuer nor an authorization endpoint.`);
  const key = `${provider.wellKnown ?? issuer}`;
  const cached = discovered.get(key);
  if (cached && Date.now() - cached.at < DISCOVERY_TTL) return cached.metadata;
  const options = { [client.customFetch]: fetcher } as unknown as client.DiscoveryRequestOptions;
  if (isLoopback(issuer)) options.execute = [client.allowInsecureRequests];
  const configuration = await client.discovery(new URL(provider.wellKnown ?? issuer), provider.clientId ?? "", undefined, undefined, options);
  // Explicit endpoints in the provider config win over discovered ones.
  const metadata = {
    ...configuration.serverMetadata(),
    ...(endpointUrl(provider.token) ? { token_endpoint: endpointUrl(provider.token) } : {}),
    ...(endpointUrl(provider.userinfo) ? { userinfo_endpoint: endpointUrl(provider.userinfo) } : {}),
  } as unknown as client.ServerMetadata;
  discovered.set(key, { at: Date.now(), metadata });
  return metadata;
}

/**
 * Configurations by what makes them: issuer (or endpoints) and client settings. Configs built per
 * request, and several providers of one issuer with the same client, share one discovery.
 */
const configurations = new Map<string, { at: number; configuration: client.Configuration }>();
const MAX_CONFIGURATIONS = 256;

function configurationKey(provider: OAuthProvider): string {
  return JSON.stringify([
    provider.wellKnown ?? provider.issuer,
    endpointUrl(provider.authorization),
    endpointUrl(provider.token),
    endpointUrl(provider.userinfo),
    provider.clientId,
    provider.clientSecret,
    provider.client,
  ]);
}

/**
 * The client configuration for one provider. A discovered configuration is used as openid-client
 * made it (it knows issuer quirks such as Entra ID's per-tenant issuers) and cached per provider for
 * an hour; explicit endpoints build one without discovery.
 */
export async function clientConfiguration(provider: OAuthProvider): Promise<client.Configuration> {
  // A private key or custom fetch cannot be keyed by value: those providers get a fresh configuration.
  const key = provider.clientPrivateKey || provider.customFetch ? undefined : configurationKey(provider);
  const cached = key ? configurations.get(key) : undefined;
  if (cached && Date.now() - cached.at < DISCOVERY_TTL) return cached.configuration;
  const fetcher = normalizingFetch(provider.customFetch ?? fetch);
  const configuration =
    usesDiscovery(provider) && !endpointUrl(provider.token) && !endpointUrl(provider.userinfo)
      ? await discover(provider, fetcher)
      : new client.Configuration(await serverMetadata(provider, fetcher), provider.clientId ?? "", clientMetadata(provider), clientAuth(provider));
  configuration[client.customFetch] = fetcher as unknown as client.CustomFetch;
  const metadata = configuration.serverMetadata();
  const urls = [metadata.issuer, metadata.authorization_endpoint, metadata.token_endpoint, metadata.userinfo_endpoint].filter((u): u is string => !!u);
  if (urls.some((url) => url.startsWith("http:")) && urls.filter((url) => url.startsWith("http:")).every(isLoopback))
    client.allowInsecureRequests(configuration);
  if (key) {
    if (configurations.size >= MAX_CONFIGURATIONS) configurations.delete(configurations.keys().next().value as string);
    configurations.set(key, { at: Date.now(), configuration });
    generation++;
  }
  return configuration;
}

/**
 * The provider's authorization endpoint as far as it is known without a network request: its explicit
 * URL, else the one discovered earlier (still cached), else `undefined`.
 */
export function knownAuthorizationEndpoint(provider: OAuthProvider): string | undefined {
  if (!usesDiscovery(provider)) return endpointUrl(provider.authorization);
  if (provider.clientPrivateKey || provider.customFetch) return undefined;
  return configurations.get(configurationKey(provider))?.configuration.serverMetadata().authorization_endpoint;
}

function clientMetadata(provider: OAuthProvider): Partial<client.ClientMetadata> {
  return { ...(provider.client ?? {}), client_secret: provider.clientSecret } as Partial<client.ClientMetadata>;
}

function usesDiscovery(provider: OAuthProvider): boolean {
  const authorization = endpointUrl(provider.authorization);
  return !authorization || new URL(authorization).hostname.endsWith("authjs.dev");
}

async function discover(provider: OAuthProvider, fetcher: typeof fetch): Promise<client.Configuration> {
  const issuer = provider.issuer ?? provider.wellKnown;
  if (!issuer) throw new InvalidEndpoints(`Provider "${provider.id}" has neither an issuer nor an authorization endpoint.`);
  const options = { [client.customFetch]: fetcher } as unknown as client.DiscoveryRequestOptions;
  if (isLoopback(issuer)) options.execute = [client.allowInsecureRequests];
  return client.discovery(new URL(provider.wellKnown ?? issuer), provider.clientId ?? "", clientMetadata(provider), clientAuth(provider), options);
}

/** Discoveries that failed, by configuration key: not tried again for a minute (see below). */
const failedDiscoveries = new Map<string, number>();

/** Counts the configurations cached so far: what is known about endpoints changes only when it does. */
let generation = 0;

/** A number that changes whenever {@link knownAuthorizationEndpoint} may answer differently (page caches key on it). */
export function discoveryGeneration(): number {
  return generation;
}
const DISCOVERY_RETRY = 60 * 1000;

/**
 * The authorization endpoint of a provider found by discovery, discovering it now if needed but
 * waiting at most `timeoutMs`; `undefined` when it cannot be known that soon (no discovery, a provider
 * whose configuration is not cached, a failure in the last minute, a slow issuer — whose discovery then
 * goes on and is cached for the next request). The sign-in page needs it for its `form-action`: the
 * endpoint's origin can differ from the issuer's (Amazon Cognito), and Chromium blocks the redirect
 * after a provider button's POST to an origin `form-action` does not name.
 */
export async function discoverAuthorizationEndpoint(provider: OAuthProvider, timeoutMs: number): Promise<string | undefined> {
  if (!awaitsDiscovery(provider)) return knownAuthorizationEndpoint(provider);
  const key = configurationKey(provider);
  const discovery = clientConfiguration(provider).then(
    (configuration) => configuration.serverMetadata().authorization_endpoint,
    () => {
      if (failedDiscoveries.size >= MAX_CONFIGURATIONS) failedDiscoveries.clear();
      failedDiscoveries.set(key, Date.now());
      return undefined;
    },
  );
  let cancel = () => {};
  const timeout = new Promise<undefined>((resolve) => {
    const timer = setTimeout(resolve, timeoutMs);
    cancel = () => clearTimeout(timer);
  });
  try {
    return await Promise.race([discovery, timeout]);
  } finally {
    cancel();
  }
}

/** Whether {@link discoverAuthorizationEndpoint} would have to wait for the network for this provider. */
export function awaitsDiscovery(provider: OAuthProvider): boolean {
  if (provider.clientPrivateKey || provider.customFetch || !usesDiscovery(provider)) return false;
  if (knownAuthorizationEndpoint(provider)) return false;
  const failedAt = failedDiscoveries.get(configurationKey(provider));
  return failedAt === undefined || Date.now() - failedAt >= DISCOVERY_RETRY;
}

/** For tests: forget cached discovery documents. */
export function clearDiscoveryCache(): void {
  discovered.clear();
  configurations.clear();
  failedDiscoveries.clear();
}
