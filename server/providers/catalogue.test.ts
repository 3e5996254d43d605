/**
 * The provider catalogue, each provider driven through Foyer's real `Auth()` against a local server
 * that speaks that provider's documented wire format (server/providers/test-oauth-server.ts): the
 * endpoints (or the issuer, for OIDC discovery) are moved to the local server through the provider's
 * options, then
 *
 * 1. POST /auth/signin/<id> (CSRF pair) → the authorization URL: path, client id parameter, scope,
 *    extra parameters, and the checks (PKCE / state / nonce) each provider uses;
 * 2. the callback with a code and the check cookies Foyer set → the token request (method, client
 *    authentication, grant_type, code, redirect_uri, code_verifier), the userinfo request (path,
 *    query, Bearer token), and the mapped profile in the session and the account.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customFetch as authjsCustomFetch } from "@auth/core";
import { Auth } from "../auth.js";
import { clearDiscoveryCache } from "../oauth/client.js";
import { CookieJar, ORIGIN, csrf, get, postForm, setCookies, testConfig } from "../testing/harness.js";
import type { Account, Profile } from "../types.js";
import Apple from "./apple.js";
import Auth0 from "./auth0.js";
import Cognito from "./cognito.js";
import Discord from "./discord.js";
import Dropbox from "./dropbox.js";
import Facebook from "./facebook.js";
import GitHub from "./github.js";
import GitLab from "./gitlab.js";
import Google from "./google.js";
import Keycloak from "./keycloak.js";
import LinkedIn from "./linkedin.js";
import MicrosoftEntraID from "./microsoft-entra-id.js";
import { OAuth, type OAuthConfig } from "./oauth.js";
import OIDC from "./oidc.js";
import Okta from "./okta.js";
import Reddit from "./reddit.js";
import Salesforce from "./salesforce.js";
import Slack from "./slack.js";
import Spotify from "./spotify.js";
import TikTok from "./tiktok.js";
import Twitch from "./twitch.js";
import Twitter from "./twitter.js";
import WorkOS from "./workos.js";
import X from "./x.js";
import Zoom from "./zoom.js";
import { startTestOAuthServer, type RecordedRequest } from "./test-oauth-server.js";

const CLIENT_ID = "client-id.123";
/** Characters that client_secret_basic must form-encode before Base64 (RFC 6749 §2.3.1). */
const CLIENT_SECRET = "s3cr3t/+:x";
const ACCESS_TOKEN = "access-token-xyz";
const CODE = "authorization-code-123";

const server = await startTestOAuthServer();
const local = (path: string) => `${server.url}${path}`;
const credentials = { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET };

beforeAll(() => clearDiscoveryCache());
afterAll(() => server.close());

type Check = "pkce" | "state" | "nonce";
type ClientAuth = "client_secret_basic" | "client_secret_post";

interface Context {
  /** The nonce of the authorization request, when one was sent. */
  nonce?: string;
}

interface Scenario {
  id: string;
  provider: () => OAuthConfig<never>;
  /** Local path of the authorization endpoint. */
  authorize: string;
  /** Expected authorization parameters; `null` means absent. */
  params: Record<string, string | null>;
  checks: Check[];
  clientAuth: ClientAuth;
  /** The token endpoint: local path and the answer. */
  token: { path: string; body: (ctx: Context) => unknown };
  /** The userinfo request Foyer must make (none for OIDC providers whose ID token suffices). */
  userinfo?: { method: "GET" | "POST"; path: string; query?: Record<string, string>; body: unknown };
  /** Extra form fields the token request must end with, in order (TikTok's `client_key`). */
  tokenBodyEnd?: Record<string, string>;
  /** `response_mode=form_post`: the callback is a POST of these fields plus code and state. */
  formPost?: Record<string, string>;
  /** Query of the sign-in request (forwarded to the provider). */
  signinQuery?: string;
  /** Extra routes (GitHub's /user/emails, Graph photos, …). */
  routes?: () => void;
  user: { name?: string | null; email?: string | null; image: string | null };
  accountId: string;
}

/** A token answer with an ID token signed by the local server. */
function withIdToken(issuer: string, claims: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return async ({ nonce }: Context) => ({
    access_token: ACCESS_TOKEN,
    token_type: "Bearer",
    expires_in: 3600,
    ...extra,
    id_token: await server.idToken({ iss: issuer, aud: CLIENT_ID, ...(nonce ? { nonce } : {}), ...claims }),
  });
}

const issuers = {
  google: server.oidc("/google", {
    authorization_endpoint: local("/google/o/oauth2/v2/auth"),
    token_endpoint: local("/google/token"),
    userinfo_endpoint: local("/google/v1/userinfo"),
  }),
  apple: server.oidc("/apple", {
    authorization_endpoint: local("/apple/auth/authorize"),
    token_endpoint: local("/apple/auth/token"),
    userinfo_endpoint: undefined,
    response_modes_supported: ["query", "fragment", "form_post"],
  }),
  entra: server.oidc("/entra/tenant-1/v2.0", {
    authorization_endpoint: local("/entra/tenant-1/oauth2/v2.0/authorize"),
    token_endpoint: local("/entra/tenant-1/oauth2/v2.0/token"),
    userinfo_endpoint: local("/entra/oidc/userinfo"),
  }),
  auth0: server.oidc("/auth0/"),
  keycloak: server.oidc("/keycloak/realms/acme", {
    authorization_endpoint: local("/keycloak/realms/acme/protocol/openid-connect/auth"),
    token_endpoint: local("/keycloak/realms/acme/protocol/openid-connect/token"),
  }),
  okta: server.oidc("/okta/oauth2/default", {
    authorization_endpoint: local("/okta/oauth2/default/v1/authorize"),
    token_endpoint: local("/okta/oauth2/default/v1/token"),
  }),
  linkedin: server.oidc("/linkedin/oauth", {
    authorization_endpoint: local("/linkedin/oauth/v2/authorization"),
    token_endpoint: local("/linkedin/oauth/v2/accessToken"),
    token_endpoint_auth_methods_supported: ["client_secret_post"],
  }),
  slack: server.oidc("/slack", { authorization_endpoint: local("/slack/openid/connect/authorize"), token_endpoint: local("/slack/api/openid.connect.token") }),
  twitch: server.oidc("/twitch/oauth2", { claims_parameter_supported: true, token_endpoint_auth_methods_supported: ["client_secret_post"] }),
  cognito: server.oidc("/cognito/eu-west-1_AbC123", {
    authorization_endpoint: local("/cognito-domain/oauth2/authorize"),
    token_endpoint: local("/cognito-domain/oauth2/token"),
    userinfo_endpoint: local("/cognito-domain/oauth2/userInfo"),
  }),
  salesforce: server.oidc("/salesforce", {
    authorization_endpoint: local("/salesforce/services/oauth2/authorize"),
    token_endpoint: local("/salesforce/services/oauth2/token"),
    userinfo_endpoint: local("/salesforce/services/oauth2/userinfo"),
  }),
  corp: server.oidc("/corp"),
};

const PHOTO = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
const SALESFORCE_SUB = "https://login.salesforce.com/id/00Dx0000000BV7z/005x00000012Q9P";

/** Rewrites Microsoft Graph requests to the local server (the Entra provider's photo request). */
const graphToLocal: typeof fetch = (input, init) => {
  const url = new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url);
  return url.host === "graph.microsoft.com" ? fetch(local(`/graph${url.pathname}`), init) : fetch(input, init);
};

const SCENARIOS: Scenario[] = [
  {
    id: "github",
    provider: () =>
      GitHub({
        ...credentials,
        authorization: { url: local("/github/login/oauth/authorize") },
        token: { url: local("/github/login/oauth/access_token") },
        userinfo: { url: local("/github/user") },
      }),
    authorize: "/github/login/oauth/authorize",
    params: { scope: "read:user user:email" },
    checks: ["pkce", "state"],
    clientAuth: "client_secret_post",
    token: { path: "/github/login/oauth/access_token", body: () => ({ access_token: ACCESS_TOKEN, token_type: "bearer", scope: "read:user,user:email" }) },
    userinfo: {
      method: "GET",
      path: "/github/user",
      body: {
        login: "octocat",
        id: 583231,
        name: "The Octocat",
        email: null,
        avatar_url: "https://avatars.githubusercontent.com/u/583231?v=4",
        type: "User",
        site_admin: false,
      },
    },
    routes: () =>
      server.on("GET", "/github/user/emails", () => ({
        body: [
          { email: "octocat@users.noreply.github.com", primary: false, verified: true, visibility: null },
          { email: "octo@github.test", primary: true, verified: true, visibility: "private" },
        ],
      })),
    user: { name: "The Octocat", email: "octo@github.test", image: "https://avatars.githubusercontent.com/u/583231?v=4" },
    accountId: "583231",
  },
  {
    id: "google",
    provider: () => Google({ ...credentials, issuer: issuers.google }),
    authorize: "/google/o/oauth2/v2/auth",
    params: { scope: "openid profile email" },
    checks: ["pkce", "state", "nonce"],
    clientAuth: "client_secret_basic",
    token: {
      path: "/google/token",
      body: withIdToken(issuers.google, {
        sub: "10769150350006150715113",
        azp: CLIENT_ID,
        email: "ada@gmail.test",
        email_verified: true,
        name: "Ada Lovelace",
        picture: "https://lh3.googleusercontent.com/a/ada",
      }),
    },
    user: { name: "Ada Lovelace", email: "ada@gmail.test", image: "https://lh3.googleusercontent.com/a/ada" },
    accountId: "10769150350006150715113",
  },
  {
    id: "apple",
    provider: () => Apple({ ...credentials, issuer: issuers.apple }),
    authorize: "/apple/auth/authorize",
    params: { scope: "name email", response_mode: "form_post" },
    checks: ["state", "nonce"],
    clientAuth: "client_secret_post",
    token: {
      path: "/apple/auth/token",
      body: withIdToken(issuers.apple, {
        sub: "001234.5c7e8f.0915",
        email: "k9x2@privaterelay.appleid.com",
        email_verified: true,
        is_private_email: true,
        nonce_supported: true,
      }),
    },
    formPost: { user: JSON.stringify({ name: { firstName: "Ada", lastName: "Lovelace" }, email: "k9x2@privaterelay.appleid.com" }) },
    // The name Apple posts once, in the `user` form field, reaches profile().
    user: { name: "Ada Lovelace", email: "k9x2@privaterelay.appleid.com", image: null },
    accountId: "001234.5c7e8f.0915",
  },
  {
    id: "discord",
    provider: () =>
      Discord({
        ...credentials,
        authorization: { url: local("/discord/oauth2/authorize") },
        token: { url: local("/discord/api/oauth2/token") },
        userinfo: { url: local("/discord/api/users/@me") },
      }),
    authorize: "/discord/oauth2/authorize",
    params: { scope: "identify email" },
    checks: ["pkce", "state"],
    clientAuth: "client_secret_basic",
    token: {
      path: "/discord/api/oauth2/token",
      body: () => ({ access_token: ACCESS_TOKEN, token_type: "Bearer", expires_in: 604800, refresh_token: "r", scope: "identify email" }),
    },
    userinfo: {
      method: "GET",
      path: "/discord/api/users/@me",
      body: {
        id: "80351110224678912",
        username: "nelly",
        discriminator: "0",
        global_name: "Nelly",
        avatar: "8342729096ea3675442027381ff50dfe",
        verified: true,
        email: "nelly@discord.test",
        flags: 64,
      },
    },
    user: { name: "Nelly", email: "nelly@discord.test", image: "https://cdn.discordapp.com/avatars/80351110224678912/8342729096ea3675442027381ff50dfe.png" },
    accountId: "80351110224678912",
  },
  {
    id: "facebook",
    provider: () =>
      Facebook({
        ...credentials,
        authorization: { url: local("/facebook/dialog/oauth") },
        token: { url: local("/facebook/oauth/access_token") },
        userinfo: { url: local("/facebook/me") },
      }),
    authorize: "/facebook/dialog/oauth",
    params: { scope: "email" },
    checks: ["pkce", "state"],
    clientAuth: "client_secret_post",
    token: { path: "/facebook/oauth/access_token", body: () => ({ access_token: ACCESS_TOKEN, token_type: "bearer", expires_in: 5183944 }) },
    userinfo: {
      method: "GET",
      path: "/facebook/me",
      query: { fields: "id,name,email,picture" },
      body: {
        id: "10223344556677",
        name: "Mark Z",
        email: "mark@fb.test",
        picture: {
          data: { height: 50, width: 50, is_silhouette: false, url: "https://platform-lookaside.fbsbx.com/platform/profilepic/?asid=10223344556677" },
        },
      },
    },
    user: { name: "Mark Z", email: "mark@fb.test", image: "https://platform-lookaside.fbsbx.com/platform/profilepic/?asid=10223344556677" },
    accountId: "10223344556677",
  },
  ...(["twitter", "x"] as const).map((id): Scenario => ({
    id,
    provider: () =>
      (id === "x" ? X : Twitter)({
        ...credentials,
        authorization: { url: local(`/${id}/i/oauth2/authorize`) },
        token: { url: local(`/${id}/2/oauth2/token`) },
        userinfo: { url: local(`/${id}/2/users/me`) },
      }),
    authorize: `/${id}/i/oauth2/authorize`,
    params: { scope: "users.read tweet.read offline.access" },
    checks: ["pkce", "state"],
    clientAuth: "client_secret_basic",
    token: {
      path: `/${id}/2/oauth2/token`,
      body: () => ({ token_type: "bearer", expires_in: 7200, access_token: ACCESS_TOKEN, scope: "users.read tweet.read offline.access", refresh_token: "r" }),
    },
    userinfo: {
      method: "GET",
      path: `/${id}/2/users/me`,
      query: { "user.fields": "profile_image_url" },
      body: {
        data: {
          id: "2244994945",
          name: "X Developers",
          username: "XDevelopers",
          profile_image_url: "https://pbs.twimg.com/profile_images/1683325380441128960/yRsRRjGO_normal.jpg",
        },
      },
    },
    user: { name: "X Developers", image: "https://pbs.twimg.com/profile_images/1683325380441128960/yRsRRjGO_normal.jpg" },
    accountId: "2244994945",
  })),
  {
    id: "microsoft-entra-id",
    // Auth.js's symbol (an Auth.js config): the Graph photo request goes through it too.
    provider: () => MicrosoftEntraID({ ...credentials, issuer: issuers.entra, [authjsCustomFetch]: graphToLocal }),
    authorize: "/entra/tenant-1/oauth2/v2.0/authorize",
    params: { scope: "openid profile email User.Read" },
    checks: ["pkce", "state", "nonce"],
    clientAuth: "client_secret_basic",
    token: {
      path: "/entra/tenant-1/oauth2/v2.0/token",
      body: withIdToken(issuers.entra, {
        sub: "AAAAAAAAAAAAAAAAAAAAAIkzqFVrSaSaFHy782bbtaQ",
        oid: "00000000-0000-0000-66f3-3332eca7ea81",
        tid: "tenant-1",
        name: "Abe Lincoln",
        preferred_username: "AbeLi@microsoft.com",
        email: "abe@contoso.test",
        ver: "2.0",
      }),
    },
    routes: () => server.on("GET", "/graph/v1.0/me/photos/48x48/$value", () => ({ headers: { "content-type": "image/jpeg" }, body: PHOTO })),
    user: { name: "Abe Lincoln", email: "abe@contoso.test", image: `data:image/jpeg;base64,${Buffer.from(PHOTO).toString("base64")}` },
    accountId: "AAAAAAAAAAAAAAAAAAAAAIkzqFVrSaSaFHy782bbtaQ",
  },
  {
    id: "auth0",
    provider: () => Auth0({ ...credentials, issuer: issuers.auth0 }),
    authorize: "/auth0/authorize",
    params: { scope: "openid profile email" },
    checks: ["pkce", "state", "nonce"],
    clientAuth: "client_secret_basic",
    token: {
      path: "/auth0/token",
      body: withIdToken(issuers.auth0, {
        sub: "auth0|64b1c2",
        name: "Grace Hopper",
        nickname: "grace",
        email: "grace@auth0.test",
        email_verified: true,
        picture: "https://s.gravatar.com/avatar/grace.png",
      }),
    },
    user: { name: "Grace Hopper", email: "grace@auth0.test", image: "https://s.gravatar.com/avatar/grace.png" },
    accountId: "auth0|64b1c2",
  },
  {
    id: "keycloak",
    provider: () => Keycloak({ ...credentials, issuer: issuers.keycloak }),
    authorize: "/keycloak/realms/acme/protocol/openid-connect/auth",
    params: { scope: "openid profile email" },
    checks: ["pkce", "state", "nonce"],
    clientAuth: "client_secret_basic",
    token: {
      path: "/keycloak/realms/acme/protocol/openid-connect/token",
      body: withIdToken(issuers.keycloak, {
        sub: "f4b0a5e2-3c1d-4e8a-9b7c-1d2e3f4a5b6c",
        azp: CLIENT_ID,
        preferred_username: "ada",
        name: "Ada L",
        email: "ada@keycloak.test",
        email_verified: true,
      }),
    },
    user: { name: "Ada L", email: "ada@keycloak.test", image: null },
    accountId: "f4b0a5e2-3c1d-4e8a-9b7c-1d2e3f4a5b6c",
  },
  {
    id: "okta",
    provider: () => Okta({ ...credentials, issuer: issuers.okta }),
    authorize: "/okta/oauth2/default/v1/authorize",
    params: { scope: "openid profile email" },
    checks: ["pkce", "state", "nonce"],
    clientAuth: "client_secret_basic",
    token: {
      path: "/okta/oauth2/default/v1/token",
      body: withIdToken(issuers.okta, {
        sub: "00uid4BxXw6I6TV4m0g3",
        name: "John Doe",
        preferred_username: "john.doe@example.com",
        email: "john.doe@example.com",
      }),
    },
    user: { name: "John Doe", email: "john.doe@example.com", image: null },
    accountId: "00uid4BxXw6I6TV4m0g3",
  },
  {
    id: "gitlab",
    provider: () =>
      GitLab({
        ...credentials,
        authorization: { url: local("/gitlab/oauth/authorize") },
        token: { url: local("/gitlab/oauth/token") },
        userinfo: { url: local("/gitlab/api/v4/user") },
      }),
    authorize: "/gitlab/oauth/authorize",
    params: { scope: "read_user" },
    checks: ["pkce", "state"],
    clientAuth: "client_secret_post",
    token: {
      path: "/gitlab/oauth/token",
      body: () => ({ access_token: ACCESS_TOKEN, token_type: "Bearer", expires_in: 7200, refresh_token: "r", scope: "read_user", created_at: 1607635748 }),
    },
    userinfo: {
      method: "GET",
      path: "/gitlab/api/v4/user",
      body: {
        id: 1,
        username: "john_smith",
        name: "John Smith",
        state: "active",
        email: "john@gitlab.test",
        avatar_url: "https://gitlab.com/uploads/-/system/user/avatar/1/index.jpg",
        web_url: "https://gitlab.com/john_smith",
      },
    },
    user: { name: "John Smith", email: "john@gitlab.test", image: "https://gitlab.com/uploads/-/system/user/avatar/1/index.jpg" },
    accountId: "1",
  },
  {
    id: "linkedin",
    provider: () => LinkedIn({ ...credentials, issuer: issuers.linkedin }),
    authorize: "/linkedin/oauth/v2/authorization",
    params: { scope: "openid profile email" },
    checks: ["state"],
    clientAuth: "client_secret_post",
    token: {
      path: "/linkedin/oauth/v2/accessToken",
      body: withIdToken(
        issuers.linkedin,
        {
          sub: "782bbtaQ",
          name: "John Doe",
          given_name: "John",
          family_name: "Doe",
          picture: "https://media.licdn.com/dms/image/C5F03AQHqK8v7tB1HCQ/profile.jpg",
          email: "doe@linkedin.test",
          email_verified: true,
          locale: "en-US",
        },
        { scope: "email,openid,profile", expires_in: 5183999 },
      ),
    },
    user: { name: "John Doe", email: "doe@linkedin.test", image: "https://media.licdn.com/dms/image/C5F03AQHqK8v7tB1HCQ/profile.jpg" },
    accountId: "782bbtaQ",
  },
  {
    id: "slack",
    provider: () => Slack({ ...credentials, issuer: issuers.slack }),
    authorize: "/slack/openid/connect/authorize",
    params: { scope: "openid profile email" },
    checks: ["state", "nonce"],
    clientAuth: "client_secret_post",
    token: {
      path: "/slack/api/openid.connect.token",
      body: withIdToken(
        issuers.slack,
        {
          sub: "U0R7JM",
          "https://slack.com/user_id": "U0R7JM",
          "https://slack.com/team_id": "T0R7GR",
          email: "krane@slack.test",
          email_verified: true,
          name: "krane",
          picture: "https://secure.gravatar.com/avatar/krane-192.png",
          "https://slack.com/user_image_512": "https://secure.gravatar.com/avatar/krane-512.png",
        },
        { ok: true },
      ),
    },
    user: { name: "krane", email: "krane@slack.test", image: "https://secure.gravatar.com/avatar/krane-512.png" },
    accountId: "U0R7JM",
  },
  {
    id: "spotify",
    provider: () =>
      Spotify({
        ...credentials,
        authorization: { url: local("/spotify/authorize") },
        token: { url: local("/spotify/api/token") },
        userinfo: { url: local("/spotify/v1/me") },
      }),
    authorize: "/spotify/authorize",
    params: { scope: "user-read-email" },
    checks: ["pkce", "state"],
    clientAuth: "client_secret_basic",
    token: {
      path: "/spotify/api/token",
      body: () => ({ access_token: ACCESS_TOKEN, token_type: "Bearer", scope: "user-read-email", expires_in: 3600, refresh_token: "r" }),
    },
    userinfo: {
      method: "GET",
      path: "/spotify/v1/me",
      body: {
        id: "wizzler",
        display_name: "JM Wizzler",
        email: "wizzler@spotify.test",
        images: [{ url: "https://i.scdn.co/image/ab6775700000ee85", height: 300, width: 300 }],
        type: "user",
        uri: "spotify:user:wizzler",
      },
    },
    user: { name: "JM Wizzler", email: "wizzler@spotify.test", image: "https://i.scdn.co/image/ab6775700000ee85" },
    accountId: "wizzler",
  },
  {
    id: "twitch",
    provider: () => Twitch({ ...credentials, issuer: issuers.twitch }),
    authorize: "/twitch/oauth2/authorize",
    params: { scope: "openid user:read:email", claims: JSON.stringify({ id_token: { email: null, picture: null, preferred_username: null } }) },
    checks: ["state", "nonce"],
    clientAuth: "client_secret_post",
    token: {
      path: "/twitch/oauth2/token",
      // Twitch answers `scope` as an array.
      body: withIdToken(
        issuers.twitch,
        {
          sub: "713936733",
          azp: CLIENT_ID,
          preferred_username: "glowillig",
          email: "glow@twitch.test",
          picture: "https://static-cdn.jtvnw.net/user-default-pictures-uv/profile_image-300x300.png",
        },
        { scope: ["openid", "user:read:email"], refresh_token: "r", token_type: "bearer" },
      ),
    },
    user: { name: "glowillig", email: "glow@twitch.test", image: "https://static-cdn.jtvnw.net/user-default-pictures-uv/profile_image-300x300.png" },
    accountId: "713936733",
  },
  {
    id: "cognito",
    provider: () => Cognito({ ...credentials, issuer: issuers.cognito }),
    authorize: "/cognito-domain/oauth2/authorize",
    params: { scope: "openid profile email" },
    checks: ["pkce", "state", "nonce"],
    clientAuth: "client_secret_basic",
    // The ID token lacks `name`: Foyer completes the profile from the userinfo endpoint.
    token: {
      path: "/cognito-domain/oauth2/token",
      body: withIdToken(issuers.cognito, {
        sub: "aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee",
        token_use: "id",
        "cognito:username": "ada",
        email: "ada@cognito.test",
        email_verified: true,
      }),
    },
    userinfo: {
      method: "GET",
      path: "/cognito-domain/oauth2/userInfo",
      body: { sub: "aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee", email: "ada@cognito.test", email_verified: "true", username: "ada" },
    },
    user: { name: "ada", email: "ada@cognito.test", image: null },
    accountId: "aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee",
  },
  {
    id: "reddit",
    provider: () =>
      Reddit({
        ...credentials,
        authorization: { url: local("/reddit/api/v1/authorize") },
        token: { url: local("/reddit/api/v1/access_token") },
        userinfo: { url: local("/reddit-oauth/api/v1/me") },
      }),
    authorize: "/reddit/api/v1/authorize",
    params: { scope: "identity", duration: "temporary" },
    checks: ["state"],
    clientAuth: "client_secret_basic",
    token: { path: "/reddit/api/v1/access_token", body: () => ({ access_token: ACCESS_TOKEN, token_type: "bearer", expires_in: 86400, scope: "identity" }) },
    userinfo: {
      method: "GET",
      path: "/reddit-oauth/api/v1/me",
      body: {
        id: "1w72",
        name: "spez",
        icon_img: "https://styles.redditmedia.com/t5_3k30p/styles/profileIcon_snoo.png?width=256&amp;height=256&amp;s=7d4f",
        has_verified_email: true,
      },
    },
    user: { name: "spez", image: "https://styles.redditmedia.com/t5_3k30p/styles/profileIcon_snoo.png?width=256&height=256&s=7d4f" },
    accountId: "1w72",
  },
  {
    id: "zoom",
    provider: () =>
      Zoom({
        ...credentials,
        authorization: { url: local("/zoom/oauth/authorize") },
        token: { url: local("/zoom/oauth/token") },
        userinfo: { url: local("/zoom-api/v2/users/me") },
      }),
    authorize: "/zoom/oauth/authorize",
    // Zoom's scopes are configured on the app, not requested.
    params: { scope: null },
    checks: ["pkce", "state"],
    clientAuth: "client_secret_basic",
    token: {
      path: "/zoom/oauth/token",
      body: () => ({ access_token: ACCESS_TOKEN, token_type: "bearer", refresh_token: "r", expires_in: 3599, scope: "user:read:user" }),
    },
    userinfo: {
      method: "GET",
      path: "/zoom-api/v2/users/me",
      body: {
        id: "KDcuGIm1QgePTO8WbOqwIQ",
        first_name: "Jill",
        last_name: "Chill",
        display_name: "Jill Chill",
        email: "jchill@zoom.test",
        type: 2,
        pic_url: "https://zoom.us/p/KDcuGIm1QgePTO8WbOqwIQ/photo.jpg",
        status: "active",
      },
    },
    user: { name: "Jill Chill", email: "jchill@zoom.test", image: "https://zoom.us/p/KDcuGIm1QgePTO8WbOqwIQ/photo.jpg" },
    accountId: "KDcuGIm1QgePTO8WbOqwIQ",
  },
  {
    id: "dropbox",
    provider: () =>
      Dropbox({
        ...credentials,
        authorization: { url: local("/dropbox/oauth2/authorize") },
        token: { url: local("/dropbox-api/oauth2/token") },
        userinfo: { url: local("/dropbox-api/2/users/get_current_account") },
      }),
    authorize: "/dropbox/oauth2/authorize",
    params: { scope: "account_info.read", token_access_type: "offline" },
    checks: ["pkce", "state"],
    clientAuth: "client_secret_basic",
    token: {
      path: "/dropbox-api/oauth2/token",
      body: () => ({
        access_token: ACCESS_TOKEN,
        expires_in: 14400,
        token_type: "bearer",
        scope: "account_info.read",
        refresh_token: "r",
        account_id: "dbid:AAH4f99T0taONIb-OurWxbNQ6ywGRopQngc",
        uid: "12345",
      }),
    },
    userinfo: {
      method: "POST",
      path: "/dropbox-api/2/users/get_current_account",
      body: {
        account_id: "dbid:AAH4f99T0taONIb-OurWxbNQ6ywGRopQngc",
        name: { given_name: "Franz", surname: "Ferdinand", familiar_name: "Franz", display_name: "Franz Ferdinand (Personal)", abbreviated_name: "FF" },
        email: "franz@dropbox.test",
        email_verified: true,
        disabled: false,
        locale: "en",
        profile_photo_url: "https://dl-web.dropbox.com/account_photo/get/dbaphid%3AAAHWGmIXV3sUuOmBfTz0wPsiqHUpBWvv3ZA?size=128x128",
        account_type: { ".tag": "basic" },
      },
    },
    user: {
      name: "Franz Ferdinand (Personal)",
      email: "franz@dropbox.test",
      image: "https://dl-web.dropbox.com/account_photo/get/dbaphid%3AAAHWGmIXV3sUuOmBfTz0wPsiqHUpBWvv3ZA?size=128x128",
    },
    accountId: "dbid:AAH4f99T0taONIb-OurWxbNQ6ywGRopQngc",
  },
  {
    id: "salesforce",
    provider: () => Salesforce({ ...credentials, issuer: issuers.salesforce }),
    authorize: "/salesforce/services/oauth2/authorize",
    params: { scope: "openid profile email" },
    checks: ["pkce", "state", "nonce"],
    clientAuth: "client_secret_post",
    // The ID token lacks `email`: Foyer completes the profile from the userinfo endpoint.
    token: {
      path: "/salesforce/services/oauth2/token",
      body: withIdToken(issuers.salesforce, { sub: SALESFORCE_SUB, name: "Admin User" }, { instance_url: "https://acme.my.salesforce.com", signature: "sig" }),
    },
    userinfo: {
      method: "GET",
      path: "/salesforce/services/oauth2/userinfo",
      body: {
        sub: SALESFORCE_SUB,
        user_id: "005x00000012Q9P",
        organization_id: "00Dx0000000BV7z",
        name: "Admin User",
        email: "admin@salesforce.test",
        email_verified: true,
        picture: "https://acme.file.force.com/profilephoto/005/F",
      },
    },
    user: { name: "Admin User", email: "admin@salesforce.test", image: "https://acme.file.force.com/profilephoto/005/F" },
    accountId: "005x00000012Q9P",
  },
  {
    id: "workos",
    provider: () => WorkOS({ ...credentials, authorization: { url: local("/workos/sso/authorize") }, token: { url: local("/workos/sso/token") } }),
    signinQuery: "organization=org_01EHWNCE74X7JSDV0X3SZ3KJNY",
    authorize: "/workos/sso/authorize",
    params: { organization: "org_01EHWNCE74X7JSDV0X3SZ3KJNY" },
    checks: ["state"],
    clientAuth: "client_secret_post",
    token: {
      path: "/workos/sso/token",
      body: () => ({
        access_token: ACCESS_TOKEN,
        profile: {
          object: "profile",
          id: "prof_01DMC79VCBZ0NY2099737PSVF1",
          connection_id: "conn_01E4ZCR3C56J083X43JQXF3JK5",
          connection_type: "OktaSAML",
          organization_id: "org_01EHWNCE74X7JSDV0X3SZ3KJNY",
          email: "todd@workos.test",
          first_name: "Todd",
          last_name: "Rundgren",
          idp_id: "00u1a0ufowBJlzPlk357",
          raw_attributes: {},
        },
      }),
    },
    user: { name: "Todd Rundgren", email: "todd@workos.test", image: null },
    accountId: "prof_01DMC79VCBZ0NY2099737PSVF1",
  },
  {
    id: "tiktok",
    provider: () =>
      TikTok({
        ...credentials,
        authorization: { url: local("/tiktok/v2/auth/authorize") },
        token: { url: local("/tiktok-api/v2/oauth/token/") },
        userinfo: { url: local("/tiktok-api/v2/user/info/") },
      }),
    authorize: "/tiktok/v2/auth/authorize",
    params: { client_key: CLIENT_ID, scope: "user.info.basic" },
    checks: ["pkce", "state"],
    clientAuth: "client_secret_post",
    tokenBodyEnd: { client_key: CLIENT_ID },
    token: {
      path: "/tiktok-api/v2/oauth/token/",
      body: () => ({
        access_token: ACCESS_TOKEN,
        expires_in: 86400,
        open_id: "723f24d7-e717-40f8-a2b6-cb8464cd23b4",
        refresh_expires_in: 31536000,
        refresh_token: "r",
        scope: "user.info.basic",
        token_type: "Bearer",
      }),
    },
    userinfo: {
      method: "GET",
      path: "/tiktok-api/v2/user/info/",
      query: { fields: "open_id,avatar_url,display_name" },
      body: {
        data: {
          user: {
            open_id: "723f24d7-e717-40f8-a2b6-cb8464cd23b4",
            avatar_url: "https://p19-sign.tiktokcdn-us.com/tos-useast5-avt-0068-tx/b17f0e4b3a4f4a50993cf72cda8b88b8~c5_168x168.jpeg",
            display_name: "Tik Toker",
          },
        },
        error: { code: "ok", message: "", log_id: "20220829194722CBE87ED59D524E727021" },
      },
    },
    user: {
      name: "Tik Toker",

      image: "https://p19-sign.tiktokcdn-us.com/tos-useast5-avt-0068-tx/b17f0e4b3a4f4a50993cf72cda8b88b8~c5_168x168.jpeg",
    },
    accountId: "723f24d7-e717-40f8-a2b6-cb8464cd23b4",
  },
  {
    id: "acme",
    provider: () =>
      OAuth({
        id: "acme",
        name: "Acme",
        ...credentials,
        authorization: { url: local("/acme/authorize"), params: { scope: "profile" } },
        token: { url: local("/acme/token") },
        userinfo: { url: local("/acme/me") },
      }),
    authorize: "/acme/authorize",
    params: { scope: "profile" },
    checks: ["pkce", "state"],
    clientAuth: "client_secret_basic",
    // A form-encoded token answer without token_type: the generic normaliser handles it.
    token: { path: "/acme/token", body: () => `access_token=${ACCESS_TOKEN}&expires_in=3600` },
    userinfo: { method: "GET", path: "/acme/me", body: { sub: "acme-7", name: "Acme User", email: "user@acme.test", picture: "https://acme.test/u.png" } },
    user: { name: "Acme User", email: "user@acme.test", image: "https://acme.test/u.png" },
    accountId: "acme-7",
  },
  {
    id: "corp",
    provider: () => OIDC({ id: "corp", name: "Corp SSO", issuer: issuers.corp, ...credentials }),
    authorize: "/corp/authorize",
    params: { scope: "openid profile email" },
    checks: ["pkce", "state", "nonce"],
    clientAuth: "client_secret_basic",
    token: {
      path: "/corp/token",
      body: withIdToken(issuers.corp, { sub: "corp-1", name: "Corp User", email: "user@corp.test", picture: "https://corp.test/u.png" }),
    },
    user: { name: "Corp User", email: "user@corp.test", image: "https://corp.test/u.png" },
    accountId: "corp-1",
  },
];

interface Flow {
  authorizeUrl: URL;
  start: Response;
  callback: Response;
  session: { user?: { name?: string | null; email?: string | null; image?: string | null } } | null;
  account?: Account;
  profile?: Profile;
  /** Requests the local server received during the callback. */
  requests: RecordedRequest[];
}

/** Sign-in → authorization URL → (prepare the provider's answers) → callback → session. */
async function signInFlow(
  provider: OAuthConfig<never>,
  prepare: (authorizeUrl: URL) => void | Promise<void>,
  options: { signinQuery?: string; formPost?: Record<string, string> } = {},
): Promise<Flow> {
  const seen: { account?: Account; profile?: Profile } = {};
  const config = testConfig({
    providers: [provider],
    events: {
      signIn: ({ account, profile }) => {
        seen.account = account ?? undefined;
        seen.profile = profile;
      },
    },
  });
  const id = typeof provider === "function" ? (provider as (o: object) => OAuthConfig)({}).id : provider.id;
  const { jar, csrfToken } = await csrf(config, new CookieJar());
  const start = await Auth(
    postForm(
      `/auth/signin/${id}${options.signinQuery ? `?${options.signinQuery}` : ""}`,
      { csrfToken, callbackUrl: `${ORIGIN}/dashboard` },
      { cookie: jar.header },
    ),
    config,
  );
  expect(start.status, `sign-in with ${id}`).toBe(302);
  jar.update(start);
  const authorizeUrl = new URL(start.headers.get("location")!);
  await prepare(authorizeUrl);

  const from = server.requests.length;
  const answer: Record<string, string> = { code: CODE };
  const state = authorizeUrl.searchParams.get("state");
  if (state) answer.state = state;
  const callback = options.formPost
    ? await Auth(postForm(`/auth/callback/${id}`, { ...answer, ...options.formPost }, { cookie: jar.header }), config)
    : await Auth(get(`/auth/callback/${id}?${new URLSearchParams(answer)}`, { cookie: jar.header }), config);
  jar.update(callback);
  const session = (await (await Auth(get("/auth/session", { cookie: jar.header }), config)).json()) as Flow["session"];
  return { authorizeUrl, start, callback, session, ...seen, requests: server.requests.slice(from) };
}

function s256(verifier: string): string {
  return createHash("sha256").update(verifier).digest("base64url");
}

/** `Basic base64(form-encode(id) ":" form-encode(secret))` decoded back into id and secret. */
function basicCredentials(header: string | undefined): [string, string] | undefined {
  const match = /^Basic (.+)$/.exec(header ?? "");
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  const decode = (part: string) => decodeURIComponent(part.replace(/\+/g, " "));
  return [decode(decoded.slice(0, colon)), decode(decoded.slice(colon + 1))];
}

describe("every provider against its documented wire format", () => {
  for (const scenario of SCENARIOS) {
    it(scenario.id, async () => {
      const provider = scenario.provider();
      let nonce: string | undefined;
      const flow = await signInFlow(
        provider,
        (url) => {
          nonce = url.searchParams.get("nonce") ?? undefined;
          const token = scenario.token.body({ nonce });
          server.on("POST", scenario.token.path, async () => ({
            body: await token,
            ...(typeof token === "string" ? { headers: { "content-type": "text/plain" } } : {}),
          }));
          if (scenario.userinfo) {
            const info = scenario.userinfo;
            server.on(info.method, info.path, () => ({ body: info.body }));
          }
          scenario.routes?.();
        },
        { signinQuery: scenario.signinQuery, formPost: scenario.formPost },
      );

      // 1. The authorization request.
      const auth = flow.authorizeUrl;
      expect(`${auth.origin}${auth.pathname}`).toBe(local(scenario.authorize));
      expect(auth.searchParams.get("client_id")).toBe(CLIENT_ID);
      expect(auth.searchParams.get("response_type")).toBe("code");
      expect(auth.searchParams.get("redirect_uri")).toBe(`${ORIGIN}/auth/callback/${provider.id}`);
      for (const [name, value] of Object.entries(scenario.params)) expect(auth.searchParams.get(name), `authorization parameter ${name}`).toBe(value);
      const uses = (check: Check) => scenario.checks.includes(check);
      expect(auth.searchParams.has("code_challenge"), "PKCE").toBe(uses("pkce"));
      if (uses("pkce")) expect(auth.searchParams.get("code_challenge_method")).toBe("S256");
      expect(auth.searchParams.has("state"), "state").toBe(uses("state"));
      expect(auth.searchParams.has("nonce"), "nonce").toBe(uses("nonce"));

      // 2. The token request.
      const [tokenRequest, ...more] = flow.requests.filter((r) => r.path === scenario.token.path);
      expect(more).toEqual([]);
      expect(tokenRequest?.method).toBe("POST");
      expect(tokenRequest!.headers["content-type"]).toMatch(/^application\/x-www-form-urlencoded/);
      const form = tokenRequest!.form;
      expect(form.get("grant_type")).toBe("authorization_code");
      expect(form.get("code")).toBe(CODE);
      expect(form.get("redirect_uri")).toBe(`${ORIGIN}/auth/callback/${provider.id}`);
      if (uses("pkce")) expect(s256(form.get("code_verifier")!)).toBe(auth.searchParams.get("code_challenge"));
      else expect(form.has("code_verifier")).toBe(false);
      if (scenario.clientAuth === "client_secret_basic") {
        expect(basicCredentials(tokenRequest!.headers.authorization)).toEqual([CLIENT_ID, CLIENT_SECRET]);
        expect(form.has("client_secret")).toBe(false);
      } else {
        expect(tokenRequest!.headers.authorization).toBeUndefined();
        expect(form.get("client_id")).toBe(CLIENT_ID);
        expect(form.get("client_secret")).toBe(CLIENT_SECRET);
      }
      if (scenario.tokenBodyEnd) {
        const entries = [...form.entries()];
        expect(entries.slice(-Object.keys(scenario.tokenBodyEnd).length)).toEqual(Object.entries(scenario.tokenBodyEnd));
      }

      // 3. The userinfo request (or none: the ID token was enough).
      const infoRequests = flow.requests.filter((r) => r.path === scenario.userinfo?.path || /userinfo/i.test(r.path));
      if (scenario.userinfo) {
        expect(infoRequests).toHaveLength(1);
        const [request] = infoRequests;
        expect(request!.method).toBe(scenario.userinfo.method);
        expect(request!.headers.authorization).toBe(`Bearer ${ACCESS_TOKEN}`);
        expect(Object.fromEntries(request!.query)).toEqual(scenario.userinfo.query ?? {});
      } else {
        expect(infoRequests).toEqual([]);
      }

      // 4. Signed in, with the mapped profile.
      expect(flow.callback.status).toBe(302);
      expect(flow.callback.headers.get("location")).toBe(`${ORIGIN}/dashboard`);
      expect(flow.session?.user).toMatchObject(scenario.user);
      // A provider that gives no address leaves no `email` key in the session JSON, as @auth/core does.
      if (!("email" in scenario.user)) expect(flow.session?.user).not.toHaveProperty("email");
      expect(flow.account).toMatchObject({ provider: provider.id, type: provider.type, providerAccountId: scenario.accountId, access_token: ACCESS_TOKEN });
    });
  }
});

describe("provider specifics", () => {
  it("GitHub sends the API headers, and asks /user/emails only when /user has no public address", async () => {
    const [scenario] = SCENARIOS;
    const flow = await signInFlow(scenario!.provider(), () => {
      server.on("POST", "/github/login/oauth/access_token", () => ({
        body: { access_token: ACCESS_TOKEN, token_type: "bearer", scope: "read:user,user:email" },
      }));
      server.on("GET", "/github/user", () => ({ body: { login: "pub", id: 9, name: null, email: "pub@github.test", avatar_url: "https://a/9" } }));
    });
    const paths = flow.requests.map((r) => r.path);
    expect(paths).toContain("/github/user");
    expect(paths).not.toContain("/github/user/emails");
    expect(flow.requests.find((r) => r.path === "/github/user")!.headers.accept).toBe("application/vnd.github+json");
    expect(flow.session?.user).toMatchObject({ name: "pub", email: "pub@github.test" });
  });

  it("Apple: form_post makes the state and nonce cookies SameSite=None; Secure, and the callback is a POST", async () => {
    const scenario = SCENARIOS.find((s) => s.id === "apple")!;
    let nonce: string | undefined;
    const flow = await signInFlow(
      scenario.provider(),
      (url) => {
        nonce = url.searchParams.get("nonce") ?? undefined;
        server.on("POST", "/apple/auth/token", async () => ({ body: await scenario.token.body({ nonce }) }));
      },
      { formPost: scenario.formPost },
    );
    const cookies = setCookies(flow.start);
    expect(cookies.get("authjs.state")).toMatch(/SameSite=None/);
    expect(cookies.get("authjs.state")).toMatch(/Secure/);
    expect(cookies.get("authjs.nonce")).toMatch(/SameSite=None/);
    expect(flow.callback.headers.get("location")).toBe(`${ORIGIN}/dashboard`);
  });

  it("Microsoft Entra ID: the issuer follows tenantId (default common); profilePhotoSize: false skips Graph", async () => {
    expect(MicrosoftEntraID().issuer).toBe("https://login.microsoftonline.com/common/v2.0");
    expect(MicrosoftEntraID({ tenantId: "contoso.onmicrosoft.com" }).issuer).toBe("https://login.microsoftonline.com/contoso.onmicrosoft.com/v2.0");
    const scenario = SCENARIOS.find((s) => s.id === "microsoft-entra-id")!;
    const flow = await signInFlow(MicrosoftEntraID({ ...credentials, issuer: issuers.entra, customFetch: graphToLocal, profilePhotoSize: false }), (url) => {
      const nonce = url.searchParams.get("nonce") ?? undefined;
      server.on("POST", scenario.token.path, async () => ({ body: await scenario.token.body({ nonce }) }));
    });
    expect(flow.requests.some((r) => r.path.startsWith("/graph/"))).toBe(false);
    expect(flow.session?.user?.image ?? null).toBeNull();
  });

  it("Discord: users without an avatar get Discord's default avatar", async () => {
    const { discordAvatarUrl } = await import("./discord.js");
    expect(discordAvatarUrl({ id: "80351110224678912", avatar: null, discriminator: "0" })).toBe(
      `https://cdn.discordapp.com/embed/avatars/${Number((80351110224678912n >> 22n) % 6n)}.png`,
    );
    expect(discordAvatarUrl({ id: "1", avatar: null, discriminator: "1337" })).toBe("https://cdn.discordapp.com/embed/avatars/2.png");
    expect(discordAvatarUrl({ id: "1", avatar: "a_abc", discriminator: "0" })).toBe("https://cdn.discordapp.com/avatars/1/a_abc.gif");
  });

  it("Twitch: the array scope of the token answer is stored as a string", async () => {
    const scenario = SCENARIOS.find((s) => s.id === "twitch")!;
    const flow = await signInFlow(scenario.provider(), (url) => {
      const nonce = url.searchParams.get("nonce") ?? undefined;
      server.on("POST", scenario.token.path, async () => ({ body: await scenario.token.body({ nonce }) }));
    });
    expect(flow.account?.scope).toBe("openid user:read:email");
  });

  describe("TikTok (docs/providers.md#tiktok)", () => {
    const tiktok = SCENARIOS.find((s) => s.id === "tiktok")!;
    const tokenAnswer = () => server.on("POST", tiktok.token.path, () => ({ body: tiktok.token.body({}) }));

    it("the token body is exactly the OAuth fields, the client credentials, then client_key", async () => {
      const flow = await signInFlow(tiktok.provider(), () => {
        tokenAnswer();
        server.on("GET", tiktok.userinfo!.path, () => ({ body: tiktok.userinfo!.body }));
      });
      const form = flow.requests.find((r) => r.path === tiktok.token.path)!.form;
      expect([...form.keys()]).toEqual(["redirect_uri", "code", "code_verifier", "grant_type", "client_id", "client_secret", "client_key"]);
      expect(flow.authorizeUrl.searchParams.get("client_key")).toBe(CLIENT_ID);
      expect(flow.session?.user).not.toHaveProperty("email");
      expect(flow.profile).toMatchObject({ data: { user: { open_id: tiktok.accountId } } });
    });

    const someUser = { user: { open_id: "723f24d7", avatar_url: "https://p16.tiktokcdn.com/a.jpeg", display_name: "Someone" } };
    it.each([
      ["401, error.code access_token_invalid", 401, "access_token_invalid", {}],
      ["200, error.code scope_not_authorized", 200, "scope_not_authorized", {}],
      ["200, error.code internal_error, even with data.user", 200, "internal_error", someUser],
    ])("a user-info answer (%s) fails the sign-in: OAuthCallbackError, no session", async (_, status, code, data) => {
      const flow = await signInFlow(tiktok.provider(), () => {
        tokenAnswer();
        server.on("GET", tiktok.userinfo!.path, () => ({
          status,
          body: { data, error: { code, message: "The access token is invalid or not found in the request.", log_id: "202206221854370101130062072500FFA2" } },
        }));
      });
      expect(flow.callback.status).toBe(302);
      expect(flow.callback.headers.get("location")).toBe(`${ORIGIN}/auth/signin?error=OAuthCallbackError`);
      expect(flow.callback.headers.getSetCookie().some((c) => c.startsWith("authjs.session-token="))).toBe(false);
      expect(flow.session).toBeNull();
    });

    it("client_key comes from AUTH_TIKTOK_ID when clientId is not passed", async () => {
      const saved = { id: process.env.AUTH_TIKTOK_ID, secret: process.env.AUTH_TIKTOK_SECRET };
      process.env.AUTH_TIKTOK_ID = "env-client-key";
      process.env.AUTH_TIKTOK_SECRET = "env-secret";
      try {
        const provider = TikTok({
          authorization: { url: local("/tiktok/v2/auth/authorize") },
          token: { url: local("/tiktok-api/v2/oauth/token/") },
          userinfo: { url: local("/tiktok-api/v2/user/info/") },
        });
        const flow = await signInFlow(provider, () => {
          tokenAnswer();
          server.on("GET", tiktok.userinfo!.path, () => ({ body: tiktok.userinfo!.body }));
        });
        expect(flow.authorizeUrl.searchParams.get("client_key")).toBe("env-client-key");
        expect(flow.authorizeUrl.searchParams.get("client_id")).toBe("env-client-key");
        const form = flow.requests.find((r) => r.path === tiktok.token.path)!.form;
        expect(form.get("client_key")).toBe("env-client-key");
        expect(form.get("client_secret")).toBe("env-secret");
      } finally {
        for (const [key, value] of [
          ["AUTH_TIKTOK_ID", saved.id],
          ["AUTH_TIKTOK_SECRET", saved.secret],
        ] as const) {
          if (value === undefined) delete process.env[key];
          else process.env[key] = value;
        }
      }
    });

    it("uses TikTok's production endpoints and style by default", () => {
      const provider = TikTok({ clientId: "ck" });
      const authorization = provider.authorization as { url: string; params: { client_key: (p: typeof provider) => string; scope: string } };
      expect(authorization.url).toBe("https://www.tiktok.com/v2/auth/authorize");
      expect(authorization.params.scope).toBe("user.info.basic");
      // client_key is the final client id (a function of the provider, so AUTH_TIKTOK_ID can fill it)
      expect(authorization.params.client_key(provider)).toBe("ck");
      expect(authorization.params.client_key({ ...provider, clientId: "from-env" })).toBe("from-env");
      expect(provider.token).toEqual({ url: "https://open.tiktokapis.com/v2/oauth/token/" });
      expect(provider.userinfo).toMatchObject({ url: "https://open.tiktokapis.com/v2/user/info/", params: { fields: "open_id,avatar_url,display_name" } });
      expect(provider.client).toEqual({ token_endpoint_auth_method: "client_secret_post" });
      expect(provider.style).toMatchObject({ bg: "#000" });
    });
  });
});

describe("the catalogue as a whole", () => {
  const FACTORIES = {
    Apple,
    Auth0,
    Cognito,
    Discord,
    Dropbox,
    Facebook,
    GitHub,
    GitLab,
    Google,
    Keycloak,
    LinkedIn,
    MicrosoftEntraID,
    Okta,
    Reddit,
    Salesforce,
    Slack,
    Spotify,
    TikTok,
    Twitch,
    Twitter,
    WorkOS,
    X,
    Zoom,
  };
  const all = () =>
    Object.values(FACTORIES).map((factory) =>
      (factory as (o: object) => OAuthConfig<never>)({ clientId: "id", clientSecret: "secret", issuer: "https://issuer.example" }),
    );

  it("GET /providers lists each provider with its sign-in and callback URL; the sign-in page renders them all", async () => {
    const config = testConfig({ providers: all() });
    const providers = (await (await Auth(get("/auth/providers"), config)).json()) as Record<
      string,
      { id: string; type: string; callbackUrl: string; signinUrl: string }
    >;
    const ids = Object.keys(providers).sort();
    expect(ids).toEqual([
      "apple",
      "auth0",
      "cognito",
      "discord",
      "dropbox",
      "facebook",
      "github",
      "gitlab",
      "google",
      "keycloak",
      "linkedin",
      "microsoft-entra-id",
      "okta",
      "reddit",
      "salesforce",
      "slack",
      "spotify",
      "tiktok",
      "twitch",
      "twitter",
      "workos",
      "x",
      "zoom",
    ]);
    for (const id of ids) {
      expect(providers[id]).toMatchObject({ id, callbackUrl: `${ORIGIN}/auth/callback/${id}`, signinUrl: `${ORIGIN}/auth/signin/${id}` });
    }
    const page = await Auth(get("/auth/signin"), config);
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const provider of all()) expect(html).toContain(String(provider.name));
  });

  it("every provider has a brand colour, and the user's options are kept under `options`", () => {
    for (const [name, factory] of Object.entries(FACTORIES)) {
      const options = { clientId: "id", clientSecret: "secret", allowDangerousEmailAccountLinking: true };
      const provider = (factory as (o: object) => OAuthConfig<never>)(options);
      expect(provider.options, name).toBe(options);
      expect(provider.style?.brandColor ?? provider.style?.bg, name).toMatch(/^#[0-9a-f]{3,6}$/i);
      expect(typeof provider.profile, name).toBe("function");
    }
  });

  it("AUTH_<ID>_ID / _SECRET / _ISSUER fill a provider passed as a function", async () => {
    const env = { AUTH_KEYCLOAK_ID: "kc-id", AUTH_KEYCLOAK_SECRET: "kc-secret", AUTH_KEYCLOAK_ISSUER: issuers.keycloak };
    const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
    Object.assign(process.env, env);
    try {
      const scenario = SCENARIOS.find((s) => s.id === "keycloak")!;
      const flow = await signInFlow(Keycloak as unknown as OAuthConfig<never>, (url) => {
        const nonce = url.searchParams.get("nonce") ?? undefined;
        server.on("POST", scenario.token.path, async () => ({
          body: {
            access_token: ACCESS_TOKEN,
            token_type: "Bearer",
            id_token: await server.idToken({ iss: issuers.keycloak, aud: "kc-id", nonce, sub: "kc-1", name: "From Env", email: "env@kc.test" }),
          },
        }));
      });
      expect(flow.authorizeUrl.searchParams.get("client_id")).toBe("kc-id");
      expect(basicCredentials(flow.requests.find((r) => r.path === scenario.token.path)!.headers.authorization)).toEqual(["kc-id", "kc-secret"]);
      expect(flow.session?.user).toMatchObject({ name: "From Env", email: "env@kc.test" });
    } finally {
      for (const [key, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
    }
  });

  it("package.json exports every provider module by id", () => {
    const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
      exports: Record<string, { types: string; import: string } | null>;
    };
    const ids = [
      "apple",
      "auth0",
      "cognito",
      "discord",
      "dropbox",
      "facebook",
      "github",
      "gitlab",
      "google",
      "keycloak",
      "linkedin",
      "microsoft-entra-id",
      "oauth",
      "oidc",
      "okta",
      "reddit",
      "salesforce",
      "slack",
      "spotify",
      "tiktok",
      "twitch",
      "twitter",
      "workos",
      "x",
      "zoom",
    ];
    // One pattern for every provider module: `foyer-auth/providers/<id>` → dist/server/providers/<id>.js.
    const pattern = pkg.exports["./providers/*"]!;
    for (const id of ids) {
      expect(pkg.exports[`./providers/${id}`], `${id} is not special-cased`).toBeUndefined();
      expect({ types: pattern.types.replace("*", id), import: pattern.import.replace("*", id) }, id).toEqual({
        types: `./dist/server/providers/${id}.d.ts`,
        import: `./dist/server/providers/${id}.js`,
      });
      expect(() => readFileSync(new URL(`./${id}.ts`, import.meta.url)), id).not.toThrow();
    }
  });
});
