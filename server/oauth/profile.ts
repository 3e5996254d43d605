/**
 * From the token response to Foyer's user and account, as Auth.js builds them (the
 * user id is never the provider's; `providerAccountId` is the profile's `id`), with one fix: an OIDC
 * ID token that lacks the claims the requested scopes ask for (many providers put `email` and `name`
 * only in userinfo) is completed from the userinfo endpoint, instead of signing users in with an
 * empty profile as Auth.js does.
 */
import * as client from "openid-client";
import type { RequestContext } from "../context/request-context.js";
import { OAuthCallbackError } from "../core/errors.js";
import type { OAuthConfig, TokenSet } from "../providers/oauth.js";
import type { Account, Profile, User } from "../types.js";
import { endpointUrl } from "./client.js";

type Tokens = Awaited<ReturnType<typeof client.authorizationCodeGrant>>;

/** Plain token fields, `expires_at` added, `token_type` lowercased. */
export function tokenSet(tokens: Tokens): TokenSet {
  const out: TokenSet = {};
  for (const [key, value] of Object.entries(tokens)) if (typeof value !== "function") out[key] = value;
  if (typeof out.token_type === "string") out.token_type = out.token_type.toLowerCase();
  if (typeof out.expires_in === "number") out.expires_at = Math.floor(Date.now() / 1000) + out.expires_in;
  return out;
}

const SCOPE_CLAIMS: Record<string, string[]> = { email: ["email"], profile: ["name"] };

export async function fetchProfile(
  ctx: RequestContext,
  provider: OAuthConfig,
  configuration: client.Configuration,
  tokens: Tokens,
  scope: string,
): Promise<Profile> {
  const set = tokenSet(tokens);
  const userinfo = typeof provider.userinfo === "object" ? provider.userinfo : undefined;
  if (userinfo?.request) return userinfo.request({ tokens: set, provider });
  if (provider.type === "oidc") {
    const claims = provider.idToken === false ? undefined : tokens.claims();
    if (claims) {
      const wanted = scope.split(/\s+/).flatMap((s) => SCOPE_CLAIMS[s] ?? []);
      const missing = wanted.filter((claim) => claims[claim] === undefined);
      if (!missing.length || !configuration.serverMetadata().userinfo_endpoint || !tokens.access_token) return { ...claims } as Profile;
      ctx.logger.debug("ID token lacks requested claims; asking userinfo", { provider: provider.id, missing });
      const info = await client.fetchUserInfo(configuration, tokens.access_token, claims.sub);
      return { ...info, ...definedOnly(claims) } as Profile;
    }
    if (!tokens.access_token) throw new OAuthCallbackError("The provider returned no access token for userinfo");
    return (await client.fetchUserInfo(configuration, tokens.access_token, client.skipSubjectCheck)) as Profile;
  }
  const url = endpointUrl(provider.userinfo) ?? configuration.serverMetadata().userinfo_endpoint;
  if (!url) throw new OAuthCallbackError(`Provider "${provider.id}" has no userinfo endpoint configured`);
  const target = new URL(url);
  for (const [key, value] of Object.entries(userinfo?.params ?? {})) target.searchParams.set(key, String(value));
  const response = await (provider.customFetch ?? fetch)(target, { headers: { Authorization: `Bearer ${set.access_token}`, Accept: "application/json" } });
  if (!response.ok) throw new OAuthCallbackError(`The userinfo request of "${provider.id}" answered ${response.status}`);
  return (await response.json()) as Profile;
}

function definedOnly(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined));
}

/** Auth.js's default profile mapping. */
export function defaultProfile(profile: Profile): User & { id: string } {
  const out: Record<string, unknown> = {
    id: String(profile.sub ?? profile.id ?? crypto.randomUUID()),
    name: profile.name ?? profile.nickname ?? profile.preferred_username,
    email: profile.email,
    image: profile.picture,
  };
  return definedOnly(out) as unknown as User & { id: string };
}

/** Auth.js's default account mapping of the token set. */
export function defaultAccount(tokens: TokenSet): Partial<Account> {
  const keys = ["access_token", "id_token", "refresh_token", "expires_at", "scope", "token_type", "session_state"] as const;
  return definedOnly(Object.fromEntries(keys.map((key) => [key, tokens[key]]))) as Partial<Account>;
}
