/**
 * `foyer-auth/providers/webauthn`: sign in with a WebAuthn credential (a security key, a platform
 * authenticator or a passkey). Shaped like Auth.js's provider, so configs port by changing the
 * import path; Foyer needs no `experimental.enableWebAuthn` flag (it is accepted and ignored).
 *
 * ```ts
 * import WebAuthn from "foyer-auth/providers/webauthn";
 * const config = { adapter, providers: [WebAuthn()] };
 * ```
 *
 * For passkeys (user verification and a discoverable credential required) use
 * `foyer-auth/providers/passkey`. Foyer never lists a visitor's credentials to an anonymous browser
 * (no account enumeration), so only discoverable credentials can sign in: see docs/passkeys.md.
 */
import type {
  GenerateAuthenticationOptionsOpts,
  GenerateRegistrationOptionsOpts,
  VerifyAuthenticationResponseOpts,
  VerifyRegistrationResponseOpts,
} from "@simplewebauthn/server";
import type { Adapter } from "../adapters/types.js";
import { normalizeEmail } from "../email/identifier.js";
import type { Awaitable, CommonProviderOptions, User } from "../types.js";
import type { CredentialInput } from "./credentials.js";

export type WebAuthnProviderType = "webauthn";

/** Default ceremony timeout: 5 minutes, as Auth.js. */
export const DEFAULT_WEBAUTHN_TIMEOUT = 5 * 60 * 1000;

/** The relying party of one request: the site the credentials belong to. */
export interface RelyingParty {
  /** The RP ID: the site's domain name (`example.com`), never a URL or an IP address. */
  id: string;
  /** A name the authenticator may show. */
  name: string;
  /** The site's origin (`https://example.com`). */
  origin: string;
}

/**
 * The configured relying party. Each field may be a list: the first entry is used in the options sent
 * to the browser, and every listed ID and origin is accepted when a response is verified (e.g. the
 * apex domain and a `www.` origin).
 */
export interface RelyingPartyConfig {
  id?: string | string[];
  name?: string | string[];
  origin?: string | string[];
}

/** What the provider's hooks see of the request. */
export interface WebAuthnRequest {
  /** The request URL, on the public origin (`AUTH_URL`'s when set). */
  url: URL;
  method: "GET" | "POST";
  headers: Headers;
  query: Record<string, string>;
  body?: Record<string, unknown>;
}

/** What the provider's hooks see of the configuration. */
export interface WebAuthnHookOptions {
  provider: WebAuthnConfig;
  adapter?: Adapter;
}

/** The relying party for a request. The default reads `relayingParty`, then the request's origin. */
export type GetRelayingParty = (options: WebAuthnHookOptions, request: WebAuthnRequest) => RelyingParty;

/**
 * The user data a signed-out sign-up carries (the e-mail address and optionally a name), from the
 * `GET webauthn-options` request. Return `null` when the request has no usable data. Foyer answers
 * the same whatever `exists` says (no account enumeration): whether the address already has an
 * account is only decided when the signed registration comes back.
 */
export type GetUserInfo = (
  options: WebAuthnHookOptions,
  request: WebAuthnRequest,
) => Awaitable<{ user: Omit<User, "id"> & { id?: string }; exists: boolean } | null>;

/** Options of `generateAuthenticationOptions` the provider may set. */
export type WebAuthnAuthenticationOptions = Partial<Omit<GenerateAuthenticationOptionsOpts, "rpID" | "allowCredentials" | "challenge">>;
/** Options of `generateRegistrationOptions` the provider may set. */
export type WebAuthnRegistrationOptions = Partial<
  Omit<GenerateRegistrationOptionsOpts, "rpName" | "rpID" | "userID" | "userName" | "challenge" | "userDisplayName" | "excludeCredentials">
>;
/** Options of `verifyAuthenticationResponse` the provider may set. */
export type WebAuthnVerifyAuthenticationOptions = Partial<
  Omit<VerifyAuthenticationResponseOpts, "expectedChallenge" | "expectedOrigin" | "expectedRPID" | "credential" | "response">
>;
/** Options of `verifyRegistrationResponse` the provider may set. */
export type WebAuthnVerifyRegistrationOptions = Partial<
  Omit<VerifyRegistrationResponseOpts, "expectedChallenge" | "expectedOrigin" | "expectedRPID" | "response">
>;

export interface WebAuthnConfig extends CommonProviderOptions {
  id: string;
  name: string;
  type: WebAuthnProviderType;
  /** The relying party; default: derived from the request (`id` = hostname, `origin` = the request's origin). */
  relayingParty?: RelyingPartyConfig;
  getRelayingParty: GetRelayingParty;
  /** Offer the credential in the browser's autofill (conditional UI). One provider at most. Default `true`. */
  enableConditionalUI: boolean;
  /** Accepted for Auth.js configs and ignored: Foyer serves its own bundled client, never a CDN script. */
  simpleWebAuthnBrowserVersion?: string | false;
  /** The sign-in form's fields. One needs `autocomplete` containing `webauthn` when conditional UI is on. */
  formFields: Record<string, CredentialInput>;
  authenticationOptions?: WebAuthnAuthenticationOptions;
  registrationOptions?: WebAuthnRegistrationOptions;
  verifyAuthenticationOptions?: WebAuthnVerifyAuthenticationOptions;
  verifyRegistrationOptions?: WebAuthnVerifyRegistrationOptions;
  getUserInfo: GetUserInfo;
}

/** What `WebAuthn()` / `Passkey()` accept: any field of the provider. */
export type WebAuthnUserConfig = Partial<Omit<WebAuthnConfig, "type" | "options">> & { [key: string]: unknown };

/**
 * The default relying party: the first configured entry of each field, else the request's origin
 * (`id` = hostname, `name` = host).
 */
export const defaultRelyingParty: GetRelayingParty = ({ provider }, request) => {
  const configured = provider.relayingParty ?? {};
  const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);
  return {
    id: first(configured.id) ?? request.url.hostname,
    name: first(configured.name) ?? request.url.host,
    origin: first(configured.origin) ?? request.url.origin,
  };
};

/**
 * The default user info: the `email` parameter (query on GET, body on POST), made canonical by the
 * same rules as e-mail sign-in. It never looks the address up: the answer must not depend on it.
 */
export const defaultUserInfo: GetUserInfo = (_options, request) => {
  const raw = request.method === "GET" ? request.query.email : request.body?.email;
  const email = normalizeEmail(raw);
  return email.ok ? { user: { email: email.email }, exists: false } : null;
};

/** The default e-mail field: an identifier the browser can offer passkeys for (a fresh object per call). */
export function defaultFormFields(): Record<string, CredentialInput> {
  return { email: { label: "Email", type: "email", required: true, autocomplete: "username webauthn" } };
}

/** Builds a WebAuthn-type provider from its defaults; `config` is merged over them when the config is read. */
export function webauthnProvider(defaults: Partial<WebAuthnConfig> & { id: string; name: string }, config: WebAuthnUserConfig): WebAuthnConfig {
  return {
    type: "webauthn",
    enableConditionalUI: true,
    formFields: defaultFormFields(),
    getRelayingParty: defaultRelyingParty,
    getUserInfo: defaultUserInfo,
    ...defaults,
    options: config as Record<string, unknown>,
  };
}

/**
 * A WebAuthn provider (`id` `webauthn`). User verification is `preferred`: a security key without a
 * PIN can sign in. For passkeys, use `Passkey()`.
 */
export default function WebAuthn(config: WebAuthnUserConfig = {}): WebAuthnConfig {
  return webauthnProvider(
    {
      id: "webauthn",
      name: "WebAuthn",
      authenticationOptions: { timeout: DEFAULT_WEBAUTHN_TIMEOUT },
      registrationOptions: { timeout: DEFAULT_WEBAUTHN_TIMEOUT },
    },
    config,
  );
}
