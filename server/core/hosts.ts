/**
 * Which request hosts Foyer builds URLs on. Without `AUTH_URL`, every URL Foyer answers with — the
 * redirects after sign-in, the provider URLs and, above all, the link in a sign-in e-mail — is built on
 * the host the request names. A forged `Host` (or a forwarded host passed on by a proxy that should not
 * have) would put the attacker's host into those URLs; in an e-mail that means the victim's click hands
 * the attacker a working sign-in token. This module decides, once per config and then per request,
 * whether a request's host is one the app vouches for:
 *
 * - `AUTH_URL` set: the request's host is never used, so nothing is checked (as Auth.js).
 * - `allowedHosts` given: only those hosts (plus loopback hosts outside production) are answered.
 * - neither, and host trust comes only from `NODE_ENV` not being `production`: loopback hosts only.
 * - neither, and host trust was declared (`trustHost`, `AUTH_TRUST_HOST`, `VERCEL`, `CF_PAGES`): the
 *   app said a proxy sets the host, so answers to the request itself keep Auth.js's behaviour; but links
 *   that leave the request (e-mails to someone else) need `AUTH_URL`, a listed host, or — outside
 *   production — a loopback host.
 */
import { AUTHJS_TEXT, authjsError } from "./authjs-wording.js";
import { InvalidConfiguration, UntrustedHost } from "./errors.js";

/** How a config judges request hosts; built once per config by {@link buildHostPolicy}. */
export interface HostPolicy {
  /** `AUTH_URL` (or `NEXTAUTH_URL`) is set: the request's host is never used. */
  fixedOrigin: boolean;
  /** `NODE_ENV === "production"`. */
  production: boolean;
  /** Host trust comes only from `NODE_ENV` not being `production` (nothing declared it). */
  trustInferred: boolean;
  /** Normalised `host` / `host:port` entries of `allowedHosts`; empty when none are given. */
  exact: ReadonlySet<string>;
  /** `*.example.com` entries (outside production only), kept as `.example.com`, with the port part. */
  wildcards: readonly { suffix: string; port: string }[];
}

export interface HostPolicyInput {
  allowedHosts: unknown;
  fixedOrigin: boolean;
  production: boolean;
  trustInferred: boolean;
}

const DEFAULT_PORTS = new Set(["80", "443"]);
/** Characters a host entry may hold before the URL parser canonicalises it (IDNs pass as non-ASCII). */
const HOST_CHARS = /^[^\s/\\@?#%*[\]:]+$/;

/** The policy for one config, or a configuration error naming the bad `allowedHosts` entry. */
export function buildHostPolicy(input: HostPolicyInput): HostPolicy | InvalidConfiguration {
  const { allowedHosts, production } = input;
  const exact = new Set<string>();
  const wildcards: { suffix: string; port: string }[] = [];
  if (allowedHosts !== undefined && !(Array.isArray(allowedHosts) && allowedHosts.every((entry) => typeof entry === "string"))) {
    return new InvalidConfiguration(`allowedHosts must be a list of host names, e.g. ["example.com", "example.com:8443"]; got ${describe(allowedHosts)}.`);
  }
  for (const entry of (allowedHosts as string[] | undefined) ?? []) {
    const trimmed = entry.trim().toLowerCase();
    if (trimmed.startsWith("*.")) {
      if (production) {
        return new InvalidConfiguration(
          `allowedHosts entry ${JSON.stringify(entry)} is a wildcard; wildcards are refused in production. List each host the app is served on.`,
        );
      }
      const rest = normalizeHost(trimmed.slice(2));
      if (rest === undefined) return badEntry(entry);
      const { name, port } = splitPort(rest);
      // A wildcard covers the sub-domains of a domain name: not of an address, not of a top-level domain.
      const isAddress = name.startsWith("[") || /^[\d.]+$/.test(name);
      if (isAddress || (!name.includes(".") && name !== "localhost")) return badEntry(entry);
      wildcards.push({ suffix: `.${name}`, port });
      continue;
    }
    if (trimmed === "*") {
      return new InvalidConfiguration(
        'allowedHosts entry "*" would accept any host, which is what the list is there to prevent. List each host the app is served on.',
      );
    }
    const host = normalizeHost(trimmed);
    if (host === undefined) return badEntry(entry);
    exact.add(host);
  }
  return { fixedOrigin: input.fixedOrigin, production, trustInferred: input.trustInferred, exact, wildcards };
}

function badEntry(entry: string): InvalidConfiguration {
  return new InvalidConfiguration(
    `allowedHosts entry ${JSON.stringify(entry)} is not a host: give a host name or IP address with an optional port, e.g. "example.com", "example.com:8443" or "[::1]:3000" (no scheme, path or wildcard other than a leading "*." outside production).`,
  );
}

function describe(value: unknown): string {
  try {
    return JSON.stringify(value)?.slice(0, 100) ?? String(value);
  } catch {
    return typeof value;
  }
}

/**
 * A host entry in the form requests are compared in: lower case, no trailing dot, no `:80` / `:443`,
 * IPv6 literals bracketed and compressed, IPv4 and IDN forms as the URL parser writes them. `undefined`
 * for anything that is not a host with an optional port.
 */
export function normalizeHost(value: string): string | undefined {
  const input = value.trim().toLowerCase();
  let name: string;
  let port = "";
  const bracketed = /^\[([0-9a-f:.]+)\](?::(\d{1,5}))?$/.exec(input);
  if (bracketed) {
    name = `[${bracketed[1]}]`;
    port = bracketed[2] ?? "";
  } else if ((input.match(/:/g)?.length ?? 0) > 1) {
    // An IPv6 address written without brackets cannot carry a port: the whole entry is the address.
    if (!/^[0-9a-f:.]+$/.test(input)) return undefined;
    name = `[${input}]`;
  } else {
    const colon = input.indexOf(":");
    name = colon === -1 ? input : input.slice(0, colon);
    port = colon === -1 ? "" : input.slice(colon + 1);
    if (port !== "" && !/^\d{1,5}$/.test(port)) return undefined;
    if (name.endsWith(".")) name = name.slice(0, -1);
    if (name === "" || !HOST_CHARS.test(name)) return undefined;
  }
  if (port !== "" && (Number(port) < 1 || Number(port) > 65535)) return undefined;
  let hostname: string;
  try {
    // The URL parser gives the canonical spelling a request's URL will have (punycode, IPv4, IPv6).
    hostname = new URL(`http://${name}/`).hostname;
  } catch {
    return undefined;
  }
  if (hostname === "") return undefined;
  const normalizedPort = port === "" || DEFAULT_PORTS.has(String(Number(port))) ? "" : String(Number(port));
  return normalizedPort ? `${hostname}:${normalizedPort}` : hostname;
}

/** A request URL's host, normalised as the entries are. */
export function requestHost(url: URL): string {
  const hostname = url.hostname.endsWith(".") ? url.hostname.slice(0, -1) : url.hostname;
  return url.port && !DEFAULT_PORTS.has(url.port) ? `${hostname}:${url.port}` : hostname;
}

function splitPort(host: string): { name: string; port: string } {
  const colon = host.lastIndexOf(":");
  if (colon === -1 || host.endsWith("]")) return { name: host, port: "" };
  return { name: host.slice(0, colon), port: host.slice(colon + 1) };
}

/** `localhost`, `*.localhost`, `127.0.0.0/8` or `[::1]`, on any port. */
export function isLoopbackHost(host: string): boolean {
  const { name } = splitPort(host);
  return name === "localhost" || name.endsWith(".localhost") || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name) || name === "[::1]";
}

/** Whether `host` (normalised) is on the policy's list. */
export function isListedHost(policy: HostPolicy, host: string): boolean {
  if (policy.exact.has(host)) return true;
  const { name, port } = splitPort(host);
  return policy.wildcards.some((wildcard) => wildcard.port === port && name.endsWith(wildcard.suffix));
}

function hasList(policy: HostPolicy): boolean {
  return policy.exact.size > 0 || policy.wildcards.length > 0;
}

/**
 * Whether the request may be answered at all on its host; `undefined` when it may. Checked with the
 * other host-trust rules before any action runs, and answered the same way (`UntrustedHost`).
 */
export function requestHostError(policy: HostPolicy, url: URL): UntrustedHost | undefined {
  const listed = hasList(policy);
  // The common production case (a declared trustHost, no list) has nothing to check per request.
  if (policy.fixedOrigin || (!listed && !policy.trustInferred)) return undefined;
  const host = requestHost(url);
  if (listed) {
    if (isListedHost(policy, host) || (!policy.production && isLoopbackHost(host))) return undefined;
    return authjsError(
      UntrustedHost,
      AUTHJS_TEXT.untrustedHost(url),
      `Host ${JSON.stringify(host)} is not in allowedHosts (AUTH_ALLOWED_HOSTS); the request (${url.protocol}//${host}${url.pathname}) was refused. If the app is served on this host, add it to allowedHosts; or set AUTH_URL to the app's public URL.`,
    );
  }
  if (policy.trustInferred && !isLoopbackHost(host)) {
    return authjsError(
      UntrustedHost,
      AUTHJS_TEXT.untrustedHost(url),
      `Host ${JSON.stringify(host)} is not a loopback host, and host trust comes only from NODE_ENV not being "production"; the request (${url.protocol}//${host}${url.pathname}) was refused. Add the host to allowedHosts (or AUTH_ALLOWED_HOSTS), or set AUTH_URL to the app's public URL.`,
    );
  }
  return undefined;
}

/**
 * Whether a link that leaves the request (the sign-in e-mail) may be built on the request's host;
 * `undefined` when it may. Stricter than {@link requestHostError}: a declared `trustHost` without
 * `AUTH_URL` or a list is not enough, because the link goes to another person.
 */
export function linkHostError(policy: HostPolicy, url: URL): UntrustedHost | undefined {
  if (policy.fixedOrigin) return undefined;
  const host = requestHost(url);
  if (isListedHost(policy, host)) return undefined;
  if (!policy.production && isLoopbackHost(host)) return undefined;
  return authjsError(
    UntrustedHost,
    AUTHJS_TEXT.untrustedHost(url),
    `E-mail sign-in links are built only on a configured host, and ${JSON.stringify(host)} is not one, so no link was stored or sent. Set AUTH_URL to the app's public URL, or list the host in allowedHosts (or AUTH_ALLOWED_HOSTS)${policy.production ? "" : "; outside production, loopback hosts also work"}.`,
  );
}
