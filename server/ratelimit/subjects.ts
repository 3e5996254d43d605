/**
 * What a request is counted as: which limit applies (by action, method and provider kind), the
 * client's address group and the identifier the request names (the e-mail, the username, the
 * passkey's credential id). Read before anything looks the identifier up, so that a refusal is the
 * same whether the account exists or not.
 */
import type { LimitName, ResolvedRateLimits } from "../config/rate-limits.js";
import type { NormalizedConfig } from "../config/types.js";
import { addressGroup, clientBehindProxies } from "../core/client-address.js";
import type { RequestInternal } from "../core/request.js";

/** Identifiers are cut to this length: a longer one cannot be an account name worth a separate bucket. */
const MAX_IDENTIFIER = 320;

export interface Subjects {
  limit: LimitName;
  /** The client's address group, when known. */
  address?: string;
  /** The identifier the request names, normalised (case and surrounding space do not make a new bucket). */
  identifier?: string;
  /**
   * Whether the per-identifier limit applies. Not to passkey options without an e-mail, nor to the
   * verify-request page's resend (`resend=1`, the address in a sealed cookie): those name no one in
   * the body, and one shared bucket for all of them would let a single client refuse everyone's. (A
   * resend counts per address group here, and per identifier in the e-mail action, which opens the cookie.)
   */
  byIdentifier: boolean;
}

/** The limit that applies to `req` and what it is counted by, or `undefined` when it is not limited. */
export function subjectsOf(config: NormalizedConfig, limits: ResolvedRateLimits, req: RequestInternal): Subjects | undefined {
  const limit = limitOf(config, req);
  if (!limit || !limits.routes[limit]) return undefined;
  const identifier = identifierOf(config, limit, req);
  const byIdentifier = !(limit === "passkey" && req.method === "GET" && identifier === undefined) && !isEmailResend(limit, req);
  return { limit, address: clientAddress(limits, req), identifier, byIdentifier };
}

/** The verify-request page's "Send another link" form: no address in the body (server/actions/signin/email.ts). */
function isEmailResend(limit: LimitName, req: RequestInternal): boolean {
  return limit === "email" && req.body?.resend === "1" && req.body.email === undefined;
}

function limitOf(config: NormalizedConfig, req: RequestInternal): LimitName | undefined {
  if (req.action === "webauthn-options") return config.providerById.get(req.providerId ?? "")?.type === "webauthn" ? "passkey" : undefined;
  if (req.method !== "POST") return undefined;
  if (req.action === "session") return "sessionUpdate";
  const type = req.providerId === undefined ? undefined : config.providerById.get(req.providerId)?.type;
  if (req.action === "callback" && type === "credentials") return "credentials";
  if (req.action === "callback" && type === "webauthn") return "passkey";
  if (req.action === "signin" && type === "email") return "email";
  return undefined;
}

/** The app's `clientAddress`, else the socket's peer (past trusted proxies), as its group. */
function clientAddress(limits: ResolvedRateLimits, req: RequestInternal): string | undefined {
  let address: string | null | undefined;
  if (limits.clientAddress) address = limits.clientAddress(req.request);
  else if (req.peerAddress) address = clientBehindProxies(req.peerAddress, req.header("x-forwarded-for"), limits.trustedProxies);
  return typeof address === "string" ? addressGroup(address) : undefined;
}

function identifierOf(config: NormalizedConfig, limit: LimitName, req: RequestInternal): string | undefined {
  const body = req.body ?? {};
  switch (limit) {
    case "email":
      return normalise(body.email);
    case "credentials": {
      const provider = config.providerById.get(req.providerId!);
      const fields = provider?.type === "credentials" ? Object.keys(provider.credentials ?? {}) : [];
      // The account name: `email` or `username` when the form has one, else its first non-secret field.
      const named = ["email", "username", ...fields.filter((field) => !/pass|secret|code|otp|token/i.test(field))];
      for (const field of named) {
        const value = normalise(body[field]);
        if (value) return value;
      }
      return undefined;
    }
    case "passkey":
      return req.method === "POST" ? credentialIdOf(body.data) : normalise(req.query.email);
    default:
      return undefined;
  }
}

/** An identifier as it is counted (also for resends, counted by server/actions/signin/email.ts). */
export function normalise(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const text = value.trim().toLowerCase().slice(0, MAX_IDENTIFIER);
  return text === "" ? undefined : text;
}

function credentialIdOf(data: unknown): string | undefined {
  let parsed = data;
  if (typeof data === "string") {
    try {
      parsed = JSON.parse(data);
    } catch {
      return undefined;
    }
  }
  const id = typeof parsed === "object" && parsed !== null ? (parsed as Record<string, unknown>).id : undefined;
  return typeof id === "string" ? id.slice(0, MAX_IDENTIFIER) : undefined;
}
