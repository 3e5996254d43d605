/**
 * The Auth.js providers added in issue 21 (first half, 42-school … kinde), each signed in through
 * Foyer's real `Auth()` against a local server that answers in that provider's documented format:
 * the authorization URL (path, parameters, checks), the token request (client authentication),
 * the userinfo request (path, query, how the token travels), the mapped profile in the session and
 * the account — and the provider's own error answer, which must fail the sign-in (no session).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { Auth } from "../auth.js";
import { clearDiscoveryCache } from "../oauth/client.js";
import { CookieJar, ORIGIN, csrf, get, postForm, testConfig } from "../testing/harness.js";
import type { Account, Profile } from "../types.js";
import FortyTwoSchool from "./42-school.js";
import Asgardeo from "./asgardeo.js";
import Atlassian from "./atlassian.js";
import Authentik from "./authentik.js";
import AzureAD from "./azure-ad.js";
import AzureADB2C from "./azure-ad-b2c.js";
import AzureDevOps from "./azure-devops.js";
import BankIDNorway from "./bankid-no.js";
import BattleNet from "./battlenet.js";
import BeyondIdentity from "./beyondidentity.js";
import Bitbucket from "./bitbucket.js";
import Box from "./box.js";
import BoxyHQSAML from "./boxyhq-saml.js";
import Bungie from "./bungie.js";
import ClickUp from "./click-up.js";
import Coinbase from "./coinbase.js";
import Concept2 from "./concept2.js";
import Descope from "./descope.js";
import Dribbble from "./dribbble.js";
import DuendeIdentityServer6 from "./duende-identity-server6.js";
import Eventbrite from "./eventbrite.js";
import EVEOnline from "./eveonline.js";
import FACEIT from "./faceit.js";
import Figma from "./figma.js";
import Foursquare from "./foursquare.js";
import Freshbooks from "./freshbooks.js";
import Frontegg from "./frontegg.js";
import FusionAuth from "./fusionauth.js";
import HuggingFace from "./huggingface.js";
import HubSpot from "./hubspot.js";
import OryHydra from "./hydra.js";
import IdentityServer4 from "./identity-server4.js";
import Instagram from "./instagram.js";
import Kakao from "./kakao.js";
import Kinde from "./kinde.js";
import type { OAuthConfig } from "./oauth.js";
import { startTestOAuthServer, type RecordedRequest, type Reply } from "./test-oauth-server.js";

const CLIENT_ID = "client-id.123";
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

interface Scenario {
  id: string;
  provider: () => OAuthConfig<never>;
  authorize: string;
  /** Expected authorization parameters (subset); `null` means absent. */
  params: Record<string, string | null>;
  checks: Check[];
  clientAuth: ClientAuth | "azure-devops";
  token: { path: string; body: (nonce?: string) => unknown; headers?: Record<string, string> };
  /** The profile request; `bearer: false` when the token travels otherwise (path, query). */
  userinfo?: { path: string; query?: Record<string, string>; bearer?: boolean; reply: Reply; headers?: Record<string, string> };
  routes?: () => void;
  user: { name?: string | null; email?: string | null; image?: string | null };
  accountId: string;
  /** The provider's documented error answer, at the userinfo (OAuth) or token (OIDC) endpoint. */
  error: { at: "userinfo" | "token"; status: number; body: unknown };
}

/** A token answer with an ID token signed by the local server. */
function withIdToken(issuer: string, claims: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return async (nonce?: string) => ({
    access_token: ACCESS_TOKEN,
    token_type: "Bearer",
    expires_in: 3600,
    ...extra,
    id_token: await server.idToken({ iss: issuer, aud: CLIENT_ID, ...(nonce ? { nonce } : {}), ...claims }),
  });
}

const OIDC_ERROR = { at: "token" as const, status: 400, body: { error: "invalid_grant", error_description: "Code not valid" } };
const noUserinfo = { userinfo_endpoint: undefined };

/** A discovery-based OIDC provider: the generic shape, its issuer local. */
function oidcScenario(
  id: string,
  make: (o: object) => OAuthConfig<never>,
  checks: Check[],
  claims: Record<string, unknown>,
  user: Scenario["user"],
  extra: Partial<Scenario> & { path?: string; metadata?: Record<string, unknown>; options?: Record<string, unknown> } = {},
): Scenario {
  const path = extra.path ?? `/${id}`;
  const issuer = server.oidc(path, { ...noUserinfo, ...(extra.metadata ?? {}) });
  const base = issuer.replace(/\/$/, "");
  return {
    id,
    provider: () => make({ ...credentials, issuer, ...(extra.options ?? {}) }),
    authorize: `${new URL(base).pathname}/authorize`,
    params: { scope: "openid profile email" },
    checks,
    clientAuth: "client_secret_basic",
    token: { path: `${new URL(base).pathname}/token`, body: withIdToken(issuer, claims) },
    user,
    accountId: String(claims.sub),
    error: OIDC_ERROR,
    ...extra,
  };
}

const ALL3: Check[] = ["pkce", "state", "nonce"];
const person = { name: "Ada Lovelace", email: "ada@idp.test", picture: "https://idp.test/ada.png" };
const personUser = { name: "Ada Lovelace", email: "ada@idp.test", image: "https://idp.test/ada.png" };

const asgardeoIssuer = server.oidc("/asgardeo/t/acme/oauth2/token", noUserinfo);
const bankidIssuer = server.oidc("/bankid/auth/realms/prod", { userinfo_signing_alg_values_supported: ["RS256"] });
const fusionIssuer = server.oidc("/fusionauth", noUserinfo);
const entraIssuer = server.oidc("/aad/tenant-1/v2.0", noUserinfo);

const SCENARIOS: Scenario[] = [
  {
    id: "42-school",
    provider: () =>
      FortyTwoSchool({
        ...credentials,
        authorization: { url: local("/42/oauth/authorize") },
        token: { url: local("/42/oauth/token") },
        userinfo: { url: local("/42/v2/me") },
      }),
    authorize: "/42/oauth/authorize",
    params: { scope: "public" },
    checks: ["pkce", "state"],
    clientAuth: "client_secret_basic",
    token: {
      path: "/42/oauth/token",
      body: () => ({ access_token: ACCESS_TOKEN, token_type: "bearer", expires_in: 7200, scope: "public", created_at: 1700000000 }),
    },
    userinfo: {
      path: "/42/v2/me",
      reply: {
        body: {
          id: 81234,
          email: "norminet@student.42.fr",
          login: "norminet",
          displayname: "Norminet Cat",
          usual_full_name: "Norminet the Cat",
          image: { link: "https://cdn.intra.42.fr/users/norminet.jpg", versions: { small: "https://cdn.intra.42.fr/users/small_norminet.jpg" } },
          "staff?": false,
        },
      },
    },
    user: { name: "Norminet the Cat", email: "norminet@student.42.fr", image: "https://cdn.intra.42.fr/users/norminet.jpg" },
    accountId: "81234",
    error: { at: "userinfo", status: 401, body: { error: "invalid_token", error_description: "The access token is invalid" } },
  },
  oidcScenario(
    "asgardeo",
    Asgardeo as never,
    ALL3,
    { sub: "a1b2", given_name: "Ada", family_name: "Lovelace", email: "ada@asgardeo.test", name: "x" },
    {
      name: "Ada Lovelace",
      email: "ada@asgardeo.test",
      image: null,
    },
    {
      // The issuer option is the organisation URL; discovery lives under <issuer>/oauth2/token.
      provider: () => Asgardeo({ ...credentials, issuer: local("/asgardeo/t/acme") }) as OAuthConfig<never>,
      authorize: "/asgardeo/t/acme/oauth2/token/authorize",
      token: {
        path: "/asgardeo/t/acme/oauth2/token/token",
        body: withIdToken(asgardeoIssuer, { sub: "a1b2", given_name: "Ada", family_name: "Lovelace", email: "ada@asgardeo.test", name: "Ada L" }),
      },
      accountId: "a1b2",
    },
  ),
  {
    id: "atlassian",
    provider: () =>
      Atlassian({
        ...credentials,
        authorization: { url: local("/atl/authorize") },
        token: { url: local("/atl/oauth/token") },
        userinfo: { url: local("/atl-api/me") },
      }),
    authorize: "/atl/authorize",
    params: { scope: "read:me", audience: "api.atlassian.com" },
    checks: ["state"],
    clientAuth: "client_secret_basic",
    token: { path: "/atl/oauth/token", body: () => ({ access_token: ACCESS_TOKEN, token_type: "Bearer", expires_in: 3600, scope: "read:me" }) },
    userinfo: {
      path: "/atl-api/me",
      reply: {
        body: {
          account_id: "557058:f0e1",
          account_type: "atlassian",
          email: "mia@atlassian.test",
          name: "Mia Krystof",
          picture: "https://avatar-management.test/mia.png",
          nickname: "mia",
        },
      },
    },
    user: { name: "Mia Krystof", email: "mia@atlassian.test", image: "https://avatar-management.test/mia.png" },
    accountId: "557058:f0e1",
    error: { at: "userinfo", status: 401, body: { code: 401, message: "Unauthorized" } },
  },
  oidcScenario("authentik", Authentik as never, ALL3, { sub: "ak-1", ...person, preferred_username: "ada" }, personUser, {
    path: "/authentik/application/o/foyer/",
  }),
  oidcScenario(
    "azure-ad",
    AzureAD as never,
    ALL3,
    { sub: "aad-sub", oid: "o-1", tid: "tenant-1", name: "Abe Lincoln", email: "abe@contoso.test", ver: "2.0" },
    {
      name: "Abe Lincoln",
      email: "abe@contoso.test",
    },
    {
      provider: () => AzureAD({ ...credentials, issuer: entraIssuer, profilePhotoSize: false }) as OAuthConfig<never>,
      authorize: "/aad/tenant-1/v2.0/authorize",
      token: {
        path: "/aad/tenant-1/v2.0/token",
        body: withIdToken(entraIssuer, { sub: "aad-sub", tid: "tenant-1", name: "Abe Lincoln", email: "abe@contoso.test", ver: "2.0" }),
      },
      params: { scope: "openid profile email User.Read" },
    },
  ),
  oidcScenario(
    "azure-ad-b2c",
    AzureADB2C as never,
    ALL3,
    { sub: "b2c-sub", name: "Bea", emails: ["bea@b2c.test", "other@b2c.test"], tfp: "B2C_1_signin" },
    {
      name: "Bea",
      email: "bea@b2c.test",
      image: null,
    },
  ),
  {
    id: "azure-devops",
    provider: () =>
      AzureDevOps({
        ...credentials,
        authorization: { url: local("/ado/oauth2/authorize") },
        token: { url: local("/ado/oauth2/token") },
        userinfo: { url: local("/ado/_apis/profile/profiles/me") },
      }),
    authorize: "/ado/oauth2/authorize",
    params: { scope: "vso.profile", response_type: "Assertion" },
    checks: ["state"],
    clientAuth: "azure-devops",
    // Azure DevOps answers expires_in as a string and token_type jwt-bearer.
    token: {
      path: "/ado/oauth2/token",
      body: () => ({ access_token: ACCESS_TOKEN, token_type: "jwt-bearer", expires_in: "3599", refresh_token: "r", scope: "vso.profile" }),
    },
    userinfo: {
      path: "/ado/_apis/profile/profiles/me",
      query: { details: "true", coreAttributes: "Avatar", "api-version": "6.0" },
      reply: {
        body: {
          id: "e5d2c1a0-0000-0000-0000-000000000001",
          displayName: "Dev Ops",
          publicAlias: "e5d2c1a0",
          emailAddress: "dev@ado.test",
          coreAttributes: { Avatar: { value: { contentType: "image/png", value: "iVBORw0KGgo=" } } },
        },
      },
    },
    user: { name: "Dev Ops", email: "dev@ado.test", image: "data:image/png;base64,iVBORw0KGgo=" },
    accountId: "e5d2c1a0-0000-0000-0000-000000000001",
    error: {
      at: "userinfo",
      status: 401,
      body: { $id: "1", message: "TF400813: The user is not authorized to access this resource.", typeKey: "UnauthorizedRequestException" },
    },
  },
  {
    ...oidcScenario("bankid-no", BankIDNorway as never, ALL3, { sub: "bid-sub" }, { name: "Kari Nordmann", email: "kari@bankid.test", image: null }),
    provider: () => BankIDNorway({ ...credentials, issuer: bankidIssuer }) as OAuthConfig<never>,
    authorize: "/bankid/auth/realms/prod/authorize",
    params: { scope: "openid profile email", ui_locales: "no", login_hint: "BIS" },
    clientAuth: "client_secret_post",
    token: { path: "/bankid/auth/realms/prod/token", body: withIdToken(bankidIssuer, { sub: "bid-sub" }) },
    // The profile is the signed userinfo answer, not the ID token.
    userinfo: {
      path: "/bankid/auth/realms/prod/userinfo",
      reply: { headers: { "content-type": "application/jwt" }, body: "" },
    },
  },
  oidcScenario(
    "battlenet",
    BattleNet as never,
    ALL3,
    { sub: "100123456", battle_tag: "Foyer#1234", name: "x", email: "ignored@bnet.test" },
    { name: "Foyer#1234", email: null, image: null },
  ),
  oidcScenario(
    "beyondidentity",
    BeyondIdentity as never,
    ALL3,
    { sub: "bi-1", ...person, preferred_username: "ada" },
    { name: "Ada Lovelace", email: "ada@idp.test", image: null },
  ),
  {
    id: "bitbucket",
    provider: () =>
      Bitbucket({
        ...credentials,
        authorization: { url: local("/bb/site/oauth2/authorize") },
        token: { url: local("/bb/site/oauth2/access_token") },
        userinfo: { url: local("/bb-api/2.0/user") },
      }),
    authorize: "/bb/site/oauth2/authorize",
    params: { scope: "account" },
    checks: ["pkce", "state"],
    clientAuth: "client_secret_basic",
    token: {
      path: "/bb/site/oauth2/access_token",
      body: () => ({
        access_token: ACCESS_TOKEN,
        token_type: "bearer",
        expires_in: 7200,
        scopes: "account email",
        refresh_token: "r",
        state: "authorization_code",
      }),
    },
    userinfo: {
      path: "/bb-api/2.0/user",
      reply: {
        body: {
          account_id: "5b10a2844c20165700ede21g",
          uuid: "{d301aafa-d676-4ee0-88be-962be7417567}",
          display_name: "Tutorials Account",
          username: "tutorials",
          links: { avatar: { href: "https://bitbucket.org/account/tutorials/avatar/" } },
          type: "user",
        },
      },
    },
    routes: () =>
      server.on("GET", "/bb-api/2.0/user/emails", () => ({
        body: {
          values: [
            { email: "old@bb.test", is_primary: false, is_confirmed: true, type: "email" },
            { email: "tut@bb.test", is_primary: true, is_confirmed: true, type: "email" },
          ],
        },
      })),
    user: { name: "Tutorials Account", email: "tut@bb.test", image: "https://bitbucket.org/account/tutorials/avatar/" },
    accountId: "5b10a2844c20165700ede21g",
    error: { at: "userinfo", status: 401, body: { type: "error", error: { message: "Access token expired." } } },
  },
  {
    id: "box",
    provider: () =>
      Box({
        ...credentials,
        authorization: { url: local("/box/api/oauth2/authorize") },
        token: { url: local("/box-api/oauth2/token") },
        userinfo: { url: local("/box-api/2.0/users/me") },
      }),
    authorize: "/box/api/oauth2/authorize",
    params: { scope: null },
    checks: ["pkce", "state"],
    clientAuth: "client_secret_basic",
    token: {
      path: "/box-api/oauth2/token",
      body: () => ({ access_token: ACCESS_TOKEN, expires_in: 3600, restricted_to: [], token_type: "bearer", refresh_token: "r" }),
    },
    userinfo: {
      path: "/box-api/2.0/users/me",
      reply: {
        body: { type: "user", id: "11446498", name: "Aaron Levie", login: "ceo@box.test", avatar_url: "https://www.box.com/api/avatar/large/181216415" },
      },
    },
    user: { name: "Aaron Levie", email: "ceo@box.test", image: "https://www.box.com/api/avatar/large/181216415" },
    accountId: "11446498",
    error: { at: "userinfo", status: 401, body: { type: "error", status: 401, code: "unauthorized", message: "Unauthorized" } },
  },
  {
    id: "boxyhq-saml",
    provider: () => BoxyHQSAML({ ...credentials, issuer: local("/jackson") }),
    authorize: "/jackson/api/oauth/authorize",
    params: { provider: "saml" },
    checks: ["pkce", "state"],
    clientAuth: "client_secret_basic",
    token: { path: "/jackson/api/oauth/token", body: () => ({ access_token: ACCESS_TOKEN, token_type: "bearer", expires_in: 300 }) },
    userinfo: {
      path: "/jackson/api/oauth/userinfo",
      reply: { body: { id: "saml-user-1", email: "sam@corp.test", firstName: "Sam", lastName: "Ell", requested: { tenant: "corp.test", product: "foyer" } } },
    },
    user: { name: "Sam Ell", email: "sam@corp.test", image: null },
    accountId: "saml-user-1",
    error: { at: "userinfo", status: 401, body: { error: { message: "Unauthorized" } } },
  },
  {
    id: "bungie",
    provider: () =>
      Bungie({
        ...credentials,
        headers: { "X-API-Key": "bungie-api-key" },
        authorization: { url: local("/bungie/en/OAuth/Authorize") },
        token: { url: local("/bungie/platform/app/oauth/token/") },
        userinfo: { url: local("/bungie/platform/User/GetBungieAccount/{membershipId}/254/") },
      }),
    authorize: "/bungie/en/OAuth/Authorize",
    params: { reauth: "true", scope: null },
    checks: ["pkce", "state"],
    clientAuth: "client_secret_basic",
    token: {
      path: "/bungie/platform/app/oauth/token/",
      body: () => ({ access_token: ACCESS_TOKEN, token_type: "Bearer", expires_in: 3600, membership_id: "4611686018" }),
    },
    userinfo: {
      path: "/bungie/platform/User/GetBungieAccount/4611686018/254/",
      headers: { "x-api-key": "bungie-api-key" },
      reply: {
        body: {
          Response: { bungieNetUser: { membershipId: "4611686018", displayName: "Guardian", profilePicturePath: "/img/profile/avatars/default_avatar.gif" } },
          ErrorCode: 1,
          ErrorStatus: "Success",
          Message: "Ok",
        },
      },
    },
    user: { name: "Guardian", image: "https://www.bungie.net/img/profile/avatars/default_avatar.gif" },
    accountId: "4611686018",
    // Bungie reports errors with HTTP 200 and an ErrorCode other than 1.
    error: {
      at: "userinfo",
      status: 200,
      body: { Response: {}, ErrorCode: 99, ErrorStatus: "WebAuthRequired", Message: "Please sign-in to continue.", ThrottleSeconds: 0 },
    },
  },
  {
    id: "click-up",
    provider: () =>
      ClickUp({
        ...credentials,
        authorization: { url: local("/clickup/api") },
        token: { url: local("/clickup-api/api/v2/oauth/token") },
        userinfo: { url: local("/clickup-api/api/v2/user") },
      }),
    authorize: "/clickup/api",
    params: { scope: null },
    checks: ["state"],
    clientAuth: "client_secret_post",
    token: { path: "/clickup-api/api/v2/oauth/token", body: () => ({ access_token: ACCESS_TOKEN, token_type: "Bearer" }) },
    userinfo: {
      path: "/clickup-api/api/v2/user",
      reply: {
        body: {
          user: {
            id: 123,
            username: "John Doe",
            email: "john@clickup.test",
            color: "#000000",
            profilePicture: "https://attachments.clickup.com/profilePictures/123.jpg",
          },
        },
      },
    },
    user: { name: "John Doe", email: "john@clickup.test", image: "https://attachments.clickup.com/profilePictures/123.jpg" },
    accountId: "123",
    error: { at: "userinfo", status: 401, body: { err: "Token invalid", ECODE: "OAUTH_025" } },
  },
  {
    id: "coinbase",
    provider: () =>
      Coinbase({
        ...credentials,
        authorization: { url: local("/cb/oauth2/auth") },
        token: { url: local("/cb/oauth2/token") },
        userinfo: { url: local("/cb-api/v2/user") },
      }),
    authorize: "/cb/oauth2/auth",
    params: { scope: "wallet:user:email wallet:user:read" },
    checks: ["pkce", "state"],
    clientAuth: "client_secret_basic",
    token: {
      path: "/cb/oauth2/token",
      body: () => ({ access_token: ACCESS_TOKEN, token_type: "bearer", expires_in: 7200, refresh_token: "r", scope: "wallet:user:read wallet:user:email" }),
    },
    userinfo: {
      path: "/cb-api/v2/user",
      reply: {
        body: {
          data: {
            id: "9da7a204-544e-5fd1-9a12-61176c5d4cd8",
            name: "User One",
            username: "user1",
            avatar_url: "https://images.coinbase.com/avatar?h=vR%2FY8",
            email: "user1@coinbase.test",
            resource: "user",
          },
        },
      },
    },
    user: { name: "User One", email: "user1@coinbase.test", image: "https://images.coinbase.com/avatar?h=vR%2FY8" },
    accountId: "9da7a204-544e-5fd1-9a12-61176c5d4cd8",
    error: { at: "userinfo", status: 401, body: { errors: [{ id: "invalid_token", message: "The access token is invalid" }] } },
  },
  {
    id: "concept2",
    provider: () =>
      Concept2({
        ...credentials,
        authorization: { url: local("/c2/oauth/authorize") },
        token: { url: local("/c2/oauth/access_token") },
        userinfo: { url: local("/c2/api/users/me") },
      }),
    authorize: "/c2/oauth/authorize",
    params: { scope: "user:read,results:write" },
    checks: ["pkce", "state"],
    clientAuth: "client_secret_basic",
    token: { path: "/c2/oauth/access_token", body: () => ({ access_token: ACCESS_TOKEN, token_type: "Bearer", expires_in: 604800, refresh_token: "r" }) },
    userinfo: {
      path: "/c2/api/users/me",
      reply: {
        body: {
          data: { id: 1, username: "rower", first_name: "Row", last_name: "Er", email: "row@c2.test", profile_image: "https://log.concept2.com/img/row.png" },
        },
      },
    },
    user: { name: "rower", email: "row@c2.test", image: "https://log.concept2.com/img/row.png" },
    accountId: "1",
    error: { at: "userinfo", status: 401, body: { status_code: 401, message: "Unauthenticated" } },
  },
  oidcScenario("descope", Descope as never, ["pkce", "state"], { sub: "U2abc", ...person }, personUser, { path: "/descope/P2abc" }),
  {
    id: "dribbble",
    provider: () =>
      Dribbble({
        ...credentials,
        authorization: { url: local("/dribbble/oauth/authorize") },
        token: { url: local("/dribbble/oauth/token") },
        userinfo: { url: local("/dribbble-api/v2/user") },
      }),
    authorize: "/dribbble/oauth/authorize",
    params: { scope: null },
    checks: ["pkce", "state"],
    clientAuth: "client_secret_basic",
    token: { path: "/dribbble/oauth/token", body: () => ({ access_token: ACCESS_TOKEN, token_type: "bearer", scope: "public", created_at: 1700000000 }) },
    userinfo: {
      path: "/dribbble-api/v2/user",
      reply: {
        body: {
          id: 1,
          name: "Dan Cederholm",
          login: "simplebits",
          email: "dan@dribbble.test",
          avatar_url: "https://cdn.dribbble.com/users/1/avatars/normal/dc.jpg",
        },
      },
    },
    user: { name: "Dan Cederholm", email: "dan@dribbble.test", image: "https://cdn.dribbble.com/users/1/avatars/normal/dc.jpg" },
    accountId: "1",
    error: { at: "userinfo", status: 401, body: { message: "Bad credentials." } },
  },
  oidcScenario("duende-identity-server6", DuendeIdentityServer6 as never, ALL3, { sub: "88421113", ...person }, personUser),
  {
    id: "eventbrite",
    provider: () =>
      Eventbrite({
        ...credentials,
        authorization: { url: local("/eb/oauth/authorize") },
        token: { url: local("/eb/oauth/token") },
        userinfo: { url: local("/eb-api/v3/users/me/") },
      }),
    authorize: "/eb/oauth/authorize",
    params: { scope: "user.profile" },
    checks: ["pkce", "state"],
    clientAuth: "client_secret_post",
    token: { path: "/eb/oauth/token", body: () => ({ access_token: ACCESS_TOKEN, token_type: "bearer" }) },
    userinfo: {
      path: "/eb-api/v3/users/me/",
      reply: {
        body: {
          id: "1234567890",
          name: "Eve Brite",
          first_name: "Eve",
          last_name: "Brite",
          emails: [
            { email: "old@eb.test", verified: true, primary: false },
            { email: "eve@eb.test", verified: true, primary: true },
          ],
          image_id: "55555",
        },
      },
    },
    user: { name: "Eve Brite", email: "eve@eb.test", image: "https://img.evbuc.com/https%3A%2F%2Fcdn.evbuc.com%2Fimages%2F55555%2F1%2Foriginal.jpg" },
    accountId: "1234567890",
    error: { at: "userinfo", status: 401, body: { status_code: 401, error_description: "The OAuth token you provided was invalid.", error: "INVALID_AUTH" } },
  },
  {
    id: "eveonline",
    provider: () =>
      EVEOnline({
        ...credentials,
        authorization: { url: local("/eve/v2/oauth/authorize") },
        token: { url: local("/eve/v2/oauth/token") },
        userinfo: { url: local("/eve/oauth/verify") },
      }),
    authorize: "/eve/v2/oauth/authorize",
    params: { scope: "publicData" },
    checks: ["state"],
    clientAuth: "client_secret_basic",
    token: { path: "/eve/v2/oauth/token", body: () => ({ access_token: ACCESS_TOKEN, token_type: "Bearer", expires_in: 1199, refresh_token: "r" }) },
    userinfo: {
      path: "/eve/oauth/verify",
      reply: {
        body: {
          CharacterID: 95465499,
          CharacterName: "CCP Bartender",
          ExpiresOn: "2026-11-28T20:00:00",
          Scopes: "publicData",
          TokenType: "Character",
          CharacterOwnerHash: "h",
          IntellectualProperty: "EVE",
        },
      },
    },
    user: { name: "CCP Bartender", image: "https://image.eveonline.com/Character/95465499_128.jpg" },
    accountId: "95465499",
    error: { at: "userinfo", status: 401, body: { error: "invalid_token", error_description: "The authorization header is not set" } },
  },
  {
    id: "faceit",
    provider: () =>
      FACEIT({
        ...credentials,
        authorization: { url: local("/faceit/accounts") },
        token: { url: local("/faceit-api/auth/v1/oauth/token") },
        userinfo: { url: local("/faceit-api/auth/v1/resources/userinfo") },
      }),
    authorize: "/faceit/accounts",
    params: { redirect_popup: "true" },
    checks: ["pkce", "state"],
    clientAuth: "client_secret_basic",
    token: {
      path: "/faceit-api/auth/v1/oauth/token",
      body: () => ({ access_token: ACCESS_TOKEN, token_type: "bearer", expires_in: 3600, id_token: undefined }),
    },
    userinfo: {
      path: "/faceit-api/auth/v1/resources/userinfo",
      reply: { body: { guid: "7d2a5d9c-1f1a-4b4c", nickname: "s1mple", email: "s1@faceit.test", picture: "https://assets.faceit-cdn.net/avatars/s1.jpg" } },
    },
    user: { name: "s1mple", email: "s1@faceit.test", image: "https://assets.faceit-cdn.net/avatars/s1.jpg" },
    accountId: "7d2a5d9c-1f1a-4b4c",
    error: { at: "userinfo", status: 401, body: { errors: [{ message: "Unauthorized", code: "err_u0" }] } },
  },
  {
    id: "figma",
    provider: () =>
      Figma({
        ...credentials,
        authorization: { url: local("/figma/oauth") },
        token: { url: local("/figma-api/v1/oauth/token") },
        userinfo: { url: local("/figma-api/v1/me") },
      }),
    authorize: "/figma/oauth",
    params: { scope: "files:read" },
    checks: ["state"],
    clientAuth: "client_secret_basic",
    token: {
      path: "/figma-api/v1/oauth/token",
      body: () => ({ user_id: "123", access_token: ACCESS_TOKEN, token_type: "bearer", expires_in: 7776000, refresh_token: "r" }),
    },
    userinfo: {
      path: "/figma-api/v1/me",
      reply: { body: { id: "1234", email: "fig@figma.test", handle: "Fig Ma", img_url: "https://s3-alpha.figma.com/profile/fig.png" } },
    },
    user: { name: "Fig Ma", email: "fig@figma.test", image: "https://s3-alpha.figma.com/profile/fig.png" },
    accountId: "1234",
    error: { at: "userinfo", status: 403, body: { status: 403, err: "Invalid token" } },
  },
  {
    id: "foursquare",
    provider: () =>
      Foursquare({
        ...credentials,
        authorization: { url: local("/4sq/oauth2/authenticate") },
        token: { url: local("/4sq/oauth2/access_token") },
        userinfo: { url: local("/4sq-api/v2/users/self?v=20230131") },
      }),
    authorize: "/4sq/oauth2/authenticate",
    params: { scope: null },
    checks: ["pkce", "state"],
    clientAuth: "client_secret_post",
    token: { path: "/4sq/oauth2/access_token", body: () => ({ access_token: ACCESS_TOKEN, token_type: "bearer" }) },
    // The token travels as the oauth_token query parameter, not as a Bearer header.
    userinfo: {
      path: "/4sq-api/v2/users/self",
      query: { v: "20230131", oauth_token: ACCESS_TOKEN },
      bearer: false,
      reply: {
        body: {
          meta: { code: 200, requestId: "5ac51d7e" },
          response: {
            user: {
              id: "1234",
              firstName: "Four",
              lastName: "Square",
              contact: { email: "four@4sq.test" },
              photo: { prefix: "https://fastly.4sqi.net/img/user/", suffix: "/1234.jpg" },
            },
          },
        },
      },
    },
    user: { name: "Four Square", email: "four@4sq.test", image: "https://fastly.4sqi.net/img/user/original/1234.jpg" },
    accountId: "1234",
    error: {
      at: "userinfo",
      status: 401,
      body: { meta: { code: 401, errorType: "invalid_auth", errorDetail: "OAuth token invalid or revoked.", requestId: "5ac5" }, response: {} },
    },
  },
  {
    id: "freshbooks",
    provider: () =>
      Freshbooks({
        ...credentials,
        authorization: { url: local("/fb-auth/oauth/authorize") },
        token: { url: local("/fb-api/auth/oauth/token") },
        userinfo: { url: local("/fb-api/auth/api/v1/users/me") },
      }),
    authorize: "/fb-auth/oauth/authorize",
    params: { scope: null },
    checks: ["pkce", "state"],
    clientAuth: "client_secret_basic",
    token: {
      path: "/fb-api/auth/oauth/token",
      body: () => ({
        access_token: ACCESS_TOKEN,
        token_type: "Bearer",
        expires_in: 43200,
        refresh_token: "r",
        scope: "user:profile:read",
        created_at: 1700000000,
      }),
    },
    userinfo: {
      path: "/fb-api/auth/api/v1/users/me",
      reply: { body: { response: { id: 2192788, identity_id: 2192788, first_name: "Fresh", last_name: "Books", email: "fresh@fb.test" } } },
    },
    user: { name: "Fresh Books", email: "fresh@fb.test", image: null },
    accountId: "2192788",
    error: {
      at: "userinfo",
      status: 401,
      body: { error: "unauthenticated", error_description: "The server could not verify that you are authorized to access the URL requested." },
    },
  },
  {
    ...oidcScenario("frontegg", Frontegg as never, ALL3, { sub: "fe-1", ...person }, personUser, { metadata: { userinfo_endpoint: undefined } }),
    // Frontegg's endpoints hang off the issuer (no discovery needed).
    authorize: "/frontegg/oauth/authorize",
    token: { path: "/frontegg/oauth/token", body: withIdToken(local("/frontegg"), { sub: "fe-1", ...person }) },
  },
  {
    ...oidcScenario(
      "fusionauth",
      FusionAuth as never,
      ["pkce", "state"],
      { sub: "fa-1", given_name: "Fu", family_name: "Sion", email: "fu@fa.test", name: "Fu Sion" },
      {
        name: "Fu Sion",
        email: "fu@fa.test",
      },
    ),
    provider: () => FusionAuth({ ...credentials, issuer: fusionIssuer, tenantId: "tenant-42" }) as OAuthConfig<never>,
    params: { scope: "openid offline_access email profile", tenantId: "tenant-42" },
    // FusionAuth sends WWW-Authenticate on successful token answers too.
    token: {
      path: "/fusionauth/oauth2/token",
      body: withIdToken(
        fusionIssuer,
        { sub: "fa-1", email: "fu@fa.test", name: "Fu Sion" },
        { refresh_token: "r", scope: "openid offline_access email profile" },
      ),
      headers: { "www-authenticate": 'Bearer realm="FusionAuth"' },
    },
  },
  {
    id: "hubspot",
    provider: () =>
      HubSpot({
        ...credentials,
        authorization: { url: local("/hs/oauth/authorize") },
        token: { url: local("/hs-api/oauth/v1/token") },
        userinfo: { url: local("/hs-api/oauth/v1/access-tokens") },
      }),
    authorize: "/hs/oauth/authorize",
    params: { scope: "oauth" },
    checks: ["pkce", "state"],
    clientAuth: "client_secret_post",
    token: { path: "/hs-api/oauth/v1/token", body: () => ({ token_type: "bearer", refresh_token: "r", access_token: ACCESS_TOKEN, expires_in: 1800 }) },
    // The token is a path segment of the metadata request.
    userinfo: {
      path: `/hs-api/oauth/v1/access-tokens/${ACCESS_TOKEN}`,
      bearer: false,
      reply: {
        body: {
          token: ACCESS_TOKEN,
          user: "hub@hubspot.test",
          hub_domain: "demo.hubspot.test",
          scopes: ["oauth"],
          hub_id: 62515,
          app_id: 456,
          expires_in: 1754,
          user_id: 123,
          token_type: "access",
        },
      },
    },
    user: { name: "hub@hubspot.test", email: "hub@hubspot.test", image: null },
    accountId: "123",
    error: { at: "userinfo", status: 404, body: { status: "error", message: "Token not found", correlationId: "c0", category: "OBJECT_NOT_FOUND" } },
  },
  oidcScenario(
    "huggingface",
    HuggingFace as never,
    ["state", "pkce"],
    { sub: "hf-1", name: "Hug Face", preferred_username: "hug", email: "hug@hf.test", picture: "https://cdn-avatars.huggingface.co/hug.png" },
    {
      name: "Hug Face",
      email: "hug@hf.test",
      image: "https://cdn-avatars.huggingface.co/hug.png",
    },
  ),
  oidcScenario("hydra", OryHydra as never, ALL3, { sub: "hy-1", ...person }, personUser),
  oidcScenario("identity-server4", IdentityServer4 as never, ALL3, { sub: "is4-1", ...person }, personUser),
  {
    id: "instagram",
    provider: () =>
      Instagram({
        ...credentials,
        authorization: { url: local("/ig/oauth/authorize") },
        token: { url: local("/ig/oauth/access_token") },
        userinfo: { url: local("/ig-graph/me") },
      }),
    authorize: "/ig/oauth/authorize",
    params: { scope: "user_profile" },
    checks: ["pkce", "state"],
    clientAuth: "client_secret_post",
    // Instagram's answer has no token_type.
    token: { path: "/ig/oauth/access_token", body: () => ({ access_token: ACCESS_TOKEN, user_id: 17841405793187218 }) },
    userinfo: {
      path: "/ig-graph/me",
      query: { fields: "id,username,account_type,name" },
      reply: { body: { id: "17841405793187218", username: "jayposiris", account_type: "PERSONAL" } },
    },
    user: { name: "jayposiris", image: null },
    accountId: "17841405793187218",
    error: { at: "userinfo", status: 400, body: { error: { message: "Invalid OAuth access token.", type: "OAuthException", code: 190, fbtrace_id: "A1b2" } } },
  },
  {
    id: "kakao",
    provider: () =>
      Kakao({
        ...credentials,
        authorization: { url: local("/kauth/oauth/authorize") },
        token: { url: local("/kauth/oauth/token") },
        userinfo: { url: local("/kapi/v2/user/me") },
      }),
    authorize: "/kauth/oauth/authorize",
    params: { scope: null },
    checks: ["pkce", "state"],
    clientAuth: "client_secret_post",
    token: {
      path: "/kauth/oauth/token",
      body: () => ({
        token_type: "bearer",
        access_token: ACCESS_TOKEN,
        expires_in: 43199,
        refresh_token: "r",
        refresh_token_expires_in: 5184000,
        scope: "account_email profile",
      }),
    },
    userinfo: {
      path: "/kapi/v2/user/me",
      reply: {
        body: {
          id: 123456789,
          connected_at: "2026-01-01T00:00:00Z",
          kakao_account: {
            profile: { nickname: "홍길동", profile_image_url: "http://k.kakaocdn.net/img_640x640.jpg" },
            email: "hong@kakao.test",
            is_email_valid: true,
          },
        },
      },
    },
    user: { name: "홍길동", email: "hong@kakao.test", image: "http://k.kakaocdn.net/img_640x640.jpg" },
    accountId: "123456789",
    error: { at: "userinfo", status: 401, body: { msg: "this access token does not exist", code: -401 } },
  },
  oidcScenario("kinde", Kinde as never, ["state", "pkce"], { sub: "kp_1", ...person }, personUser),
];

interface Flow {
  authorizeUrl: URL;
  callback: Response;
  session: { user?: Record<string, unknown> } | null;
  account?: Account;
  profile?: Profile;
  requests: RecordedRequest[];
}

/** Sign-in through `Auth()`: POST /signin/<id>, `prepare` the local answers, then the callback. */
async function signInFlow(provider: OAuthConfig<never>, prepare: (authorizeUrl: URL) => void | Promise<void>): Promise<Flow> {
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
  const { jar, csrfToken } = await csrf(config, new CookieJar());
  const start = await Auth(postForm(`/auth/signin/${provider.id}`, { csrfToken, callbackUrl: `${ORIGIN}/dashboard` }, { cookie: jar.header }), config);
  expect(start.status, `sign-in with ${provider.id}`).toBe(302);
  jar.update(start);
  const authorizeUrl = new URL(start.headers.get("location")!);
  await prepare(authorizeUrl);
  const from = server.requests.length;
  const answer: Record<string, string> = { code: CODE };
  const state = authorizeUrl.searchParams.get("state");
  if (state) answer.state = state;
  const callback = await Auth(get(`/auth/callback/${provider.id}?${new URLSearchParams(answer)}`, { cookie: jar.header }), config);
  jar.update(callback);
  const session = (await (await Auth(get("/auth/session", { cookie: jar.header }), config)).json()) as Flow["session"];
  return { authorizeUrl, callback, session, ...seen, requests: server.requests.slice(from) };
}

/** Registers the scenario's answers; `fail` swaps in the provider's error answer. */
async function answer(scenario: Scenario, url: URL, fail = false) {
  const nonce = url.searchParams.get("nonce") ?? undefined;
  const tokenBody = await scenario.token.body(nonce);
  server.on("POST", scenario.token.path, () =>
    fail && scenario.error.at === "token" ? { status: scenario.error.status, body: scenario.error.body } : { body: tokenBody, headers: scenario.token.headers },
  );
  scenario.routes?.();
  if (scenario.userinfo) {
    const info = scenario.userinfo;
    const reply =
      scenario.id === "bankid-no"
        ? {
            headers: { "content-type": "application/jwt" },
            body: await server.idToken({
              iss: bankidIssuer,
              aud: CLIENT_ID,
              sub: "bid-sub",
              name: "Kari Nordmann",
              email: "kari@bankid.test",
              birthdate: "1990-01-01",
            }),
          }
        : info.reply;
    server.on("GET", info.path, () => (fail && scenario.error.at === "userinfo" ? { status: scenario.error.status, body: scenario.error.body } : reply));
  }
}

function basicCredentials(header: string | undefined): [string, string] | undefined {
  const match = /^Basic (.+)$/.exec(header ?? "");
  if (!match) return undefined;
  const decoded = Buffer.from(match[1]!, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  const decode = (part: string) => decodeURIComponent(part.replace(/\+/g, " "));
  return [decode(decoded.slice(0, colon)), decode(decoded.slice(colon + 1))];
}

describe("issue 21 providers (42-school … kinde) against their documented wire formats", () => {
  it("covers every provider of this half exactly once", () => {
    expect(SCENARIOS.map((s) => s.id)).toEqual(IDS);
  });

  for (const scenario of SCENARIOS) {
    describe(scenario.id, () => {
      it("signs a user in and maps the profile", async () => {
        const provider = scenario.provider();
        expect(provider.id).toBe(scenario.id);
        const flow = await signInFlow(provider, (url) => answer(scenario, url));

        // 1. The authorization request.
        expect(flow.authorizeUrl.pathname).toBe(scenario.authorize);
        expect(flow.authorizeUrl.searchParams.get("client_id")).toBe(CLIENT_ID);
        for (const [key, value] of Object.entries(scenario.params)) expect(flow.authorizeUrl.searchParams.get(key), key).toBe(value);
        const q = flow.authorizeUrl.searchParams;
        expect({ pkce: q.has("code_challenge"), state: q.has("state"), nonce: q.has("nonce") }).toEqual({
          pkce: scenario.checks.includes("pkce"),
          state: scenario.checks.includes("state"),
          nonce: scenario.checks.includes("nonce"),
        });

        // 2. The token request, with the provider's client authentication.
        const tokenRequests = flow.requests.filter((r) => r.path === scenario.token.path);
        expect(tokenRequests).toHaveLength(1);
        const form = tokenRequests[0]!.form;
        if (scenario.clientAuth === "client_secret_basic") {
          expect(basicCredentials(tokenRequests[0]!.headers.authorization)).toEqual([CLIENT_ID, CLIENT_SECRET]);
          expect(form.get("client_secret")).toBeNull();
        } else if (scenario.clientAuth === "client_secret_post") {
          expect(tokenRequests[0]!.headers.authorization).toBeUndefined();
          expect([form.get("client_id"), form.get("client_secret")]).toEqual([CLIENT_ID, CLIENT_SECRET]);
        }
        if (scenario.clientAuth !== "azure-devops") {
          expect(form.get("grant_type")).toBe("authorization_code");
          expect(form.get("code")).toBe(CODE);
          expect(form.get("redirect_uri")).toBe(`${ORIGIN}/auth/callback/${scenario.id}`);
          expect(form.has("code_verifier")).toBe(scenario.checks.includes("pkce"));
        }

        // 3. The profile request.
        if (scenario.userinfo) {
          const info = flow.requests.filter((r) => r.path === scenario.userinfo!.path);
          expect(info).toHaveLength(1);
          expect(info[0]!.headers.authorization).toBe(scenario.userinfo.bearer === false ? undefined : `Bearer ${ACCESS_TOKEN}`);
          if (scenario.userinfo.query) expect(Object.fromEntries(info[0]!.query)).toEqual(scenario.userinfo.query);
          for (const [name, value] of Object.entries(scenario.userinfo.headers ?? {})) expect(info[0]!.headers[name]).toBe(value);
        }

        // 4. Signed in, with the mapped profile.
        expect(flow.callback.headers.get("location")).toBe(`${ORIGIN}/dashboard`);
        expect(flow.session?.user).toMatchObject(Object.fromEntries(Object.entries(scenario.user).filter(([, v]) => v !== null)));
        for (const [key, value] of Object.entries(scenario.user)) if (value === null) expect(flow.session?.user?.[key] ?? null, key).toBeNull();
        if (!("email" in scenario.user)) expect(flow.session?.user?.email ?? null).toBeNull();
        expect(flow.account).toMatchObject({ provider: scenario.id, type: provider.type, providerAccountId: scenario.accountId, access_token: ACCESS_TOKEN });
      });

      it(`fails the sign-in on its documented error answer (${scenario.error.at} ${scenario.error.status})`, async () => {
        const flow = await signInFlow(scenario.provider(), (url) => answer(scenario, url, true));
        expect(flow.callback.status).toBe(302);
        expect(flow.callback.headers.get("location")).toBe(`${ORIGIN}/auth/signin?error=OAuthCallbackError`);
        expect(flow.callback.headers.getSetCookie().some((c) => c.startsWith("authjs.session-token="))).toBe(false);
        expect(flow.session).toBeNull();
      });
    });
  }
});

const IDS = [
  "42-school",
  "asgardeo",
  "atlassian",
  "authentik",
  "azure-ad",
  "azure-ad-b2c",
  "azure-devops",
  "bankid-no",
  "battlenet",
  "beyondidentity",
  "bitbucket",
  "box",
  "boxyhq-saml",
  "bungie",
  "click-up",
  "coinbase",
  "concept2",
  "descope",
  "dribbble",
  "duende-identity-server6",
  "eventbrite",
  "eveonline",
  "faceit",
  "figma",
  "foursquare",
  "freshbooks",
  "frontegg",
  "fusionauth",
  "hubspot",
  "huggingface",
  "hydra",
  "identity-server4",
  "instagram",
  "kakao",
  "kinde",
];

const find = (id: string) => SCENARIOS.find((s) => s.id === id)!;

describe("issue 21 providers: quirks and options", () => {
  it("Azure DevOps: the token request is the JWT-bearer form with the secret as client_assertion", async () => {
    const scenario = find("azure-devops");
    const flow = await signInFlow(scenario.provider(), (url) => answer(scenario, url));
    const request = flow.requests.find((r) => r.path === scenario.token.path)!;
    expect(Object.fromEntries(request.form)).toEqual({
      client_assertion_type: "urn:ietf:params:oauth:client-assertion-type:jwt-bearer",
      client_assertion: CLIENT_SECRET,
      grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer",
      assertion: CODE,
      redirect_uri: `${ORIGIN}/auth/callback/azure-devops`,
    });
    expect(request.headers.authorization).toBeUndefined();
    // The string expires_in became a number: expires_at is set.
    expect(typeof flow.account?.expires_at).toBe("number");
    expect(AzureDevOps({ scope: "vso.profile vso.work" }).authorization).toMatchObject({
      params: { scope: "vso.profile vso.work", response_type: "Assertion" },
    });
  });

  it("FusionAuth: tenantId reaches discovery; a 200 token answer with WWW-Authenticate signs in", async () => {
    const scenario = find("fusionauth");
    clearDiscoveryCache();
    const flow = await signInFlow(scenario.provider(), (url) => answer(scenario, url));
    expect(flow.session?.user).toMatchObject({ name: "Fu Sion" });
    const discovery = server.requests.filter((r) => r.path === "/fusionauth/.well-known/openid-configuration");
    expect(discovery.at(-1)!.query.get("tenantId")).toBe("tenant-42");
    const provider = FusionAuth({ issuer: "https://auth.example.com/", tenantId: "t 1" });
    expect(provider.wellKnown).toBe("https://auth.example.com/.well-known/openid-configuration?tenantId=t%201");
    expect(provider.token).toEqual({ url: "https://auth.example.com/oauth2/token" });
    expect(provider.userinfo).toEqual({ url: "https://auth.example.com/oauth2/userinfo" });
  });

  it("Bitbucket: without the email permission (403 on /user/emails) the user signs in without an address", async () => {
    const scenario = find("bitbucket");
    const flow = await signInFlow(scenario.provider(), async (url) => {
      await answer(scenario, url);
      server.on("GET", "/bb-api/2.0/user/emails", () => ({
        status: 403,
        body: { type: "error", error: { message: "Your credentials lack one or more required privilege scopes." } },
      }));
    });
    expect(flow.session?.user).toMatchObject({ name: "Tutorials Account" });
    expect(flow.session?.user?.email ?? null).toBeNull();
  });

  it("Bungie: a token answer without membership_id fails the sign-in", async () => {
    const scenario = find("bungie");
    const flow = await signInFlow(scenario.provider(), async (url) => {
      await answer(scenario, url);
      server.on("POST", scenario.token.path, () => ({ body: { access_token: ACCESS_TOKEN, token_type: "Bearer", expires_in: 3600 } }));
    });
    expect(flow.callback.headers.get("location")).toBe(`${ORIGIN}/auth/signin?error=OAuthCallbackError`);
    expect(flow.session).toBeNull();
  });

  it("the factories default to the services' documented endpoints", () => {
    const url = (e: unknown) => (typeof e === "string" ? e : (e as { url?: string } | undefined)?.url);
    const endpoints = (p: OAuthConfig<never>) => [url(p.authorization), url(p.token), url(p.userinfo)];
    expect(endpoints(FortyTwoSchool() as never)).toEqual([
      "https://api.intra.42.fr/oauth/authorize",
      "https://api.intra.42.fr/oauth/token",
      "https://api.intra.42.fr/v2/me",
    ]);
    expect(endpoints(Atlassian() as never)).toEqual([
      "https://auth.atlassian.com/authorize",
      "https://auth.atlassian.com/oauth/token",
      "https://api.atlassian.com/me",
    ]);
    expect(endpoints(Bitbucket() as never)).toEqual([
      "https://bitbucket.org/site/oauth2/authorize",
      "https://bitbucket.org/site/oauth2/access_token",
      "https://api.bitbucket.org/2.0/user",
    ]);
    expect(endpoints(Box() as never)).toEqual([
      "https://account.box.com/api/oauth2/authorize",
      "https://api.box.com/oauth2/token",
      "https://api.box.com/2.0/users/me",
    ]);
    expect(endpoints(Bungie() as never)).toEqual([
      "https://www.bungie.net/en/OAuth/Authorize",
      "https://www.bungie.net/platform/app/oauth/token/",
      "https://www.bungie.net/platform/User/GetBungieAccount/{membershipId}/254/",
    ]);
    expect(endpoints(ClickUp() as never)).toEqual([
      "https://app.clickup.com/api",
      "https://api.clickup.com/api/v2/oauth/token",
      "https://api.clickup.com/api/v2/user",
    ]);
    expect(endpoints(Coinbase() as never)).toEqual([
      "https://login.coinbase.com/oauth2/auth",
      "https://login.coinbase.com/oauth2/token",
      "https://api.coinbase.com/v2/user",
    ]);
    expect(endpoints(Concept2() as never)).toEqual([
      "https://log.concept2.com/oauth/authorize",
      "https://log.concept2.com/oauth/access_token",
      "https://log.concept2.com/api/users/me",
    ]);
    expect(endpoints(Dribbble() as never)).toEqual([
      "https://dribbble.com/oauth/authorize",
      "https://dribbble.com/oauth/token",
      "https://api.dribbble.com/v2/user",
    ]);
    expect(endpoints(Eventbrite() as never)).toEqual([
      "https://www.eventbrite.com/oauth/authorize",
      "https://www.eventbrite.com/oauth/token",
      "https://www.eventbriteapi.com/v3/users/me/",
    ]);
    expect(endpoints(EVEOnline() as never)).toEqual([
      "https://login.eveonline.com/v2/oauth/authorize",
      "https://login.eveonline.com/v2/oauth/token",
      "https://login.eveonline.com/oauth/verify",
    ]);
    expect(endpoints(FACEIT() as never)).toEqual([
      "https://accounts.faceit.com/accounts",
      "https://api.faceit.com/auth/v1/oauth/token",
      "https://api.faceit.com/auth/v1/resources/userinfo",
    ]);
    expect(endpoints(Figma() as never)).toEqual(["https://www.figma.com/oauth", "https://api.figma.com/v1/oauth/token", "https://api.figma.com/v1/me"]);
    expect(endpoints(Foursquare() as never)).toEqual([
      "https://foursquare.com/oauth2/authenticate",
      "https://foursquare.com/oauth2/access_token",
      "https://api.foursquare.com/v2/users/self?v=20230131",
    ]);
    expect(url(Foursquare({ apiVersion: "20250101" }).userinfo)).toBe("https://api.foursquare.com/v2/users/self?v=20250101");
    expect(endpoints(Freshbooks() as never)).toEqual([
      "https://auth.freshbooks.com/service/auth/oauth/authorize",
      "https://api.freshbooks.com/auth/oauth/token",
      "https://api.freshbooks.com/auth/api/v1/users/me",
    ]);
    expect(endpoints(HubSpot() as never)).toEqual([
      "https://app.hubspot.com/oauth/authorize",
      "https://api.hubapi.com/oauth/v1/token",
      "https://api.hubapi.com/oauth/v1/access-tokens",
    ]);
    expect(endpoints(Instagram() as never)).toEqual([
      "https://api.instagram.com/oauth/authorize",
      "https://api.instagram.com/oauth/access_token",
      "https://graph.instagram.com/me",
    ]);
    expect(endpoints(Kakao() as never)).toEqual([
      "https://kauth.kakao.com/oauth/authorize",
      "https://kauth.kakao.com/oauth/token",
      "https://kapi.kakao.com/v2/user/me",
    ]);
    expect(endpoints(AzureDevOps() as never)).toEqual([
      "https://app.vssps.visualstudio.com/oauth2/authorize",
      "https://app.vssps.visualstudio.com/oauth2/token",
      "https://app.vssps.visualstudio.com/_apis/profile/profiles/me",
    ]);
    expect(Dribbble({ scope: "public upload" }).authorization).toMatchObject({ params: { scope: "public upload" } });
    expect(HuggingFace().issuer).toBe("https://huggingface.co");
    expect(BankIDNorway().issuer).toBe("https://auth.bankid.no/auth/realms/prod");
  });

  it("issuer-derived endpoints: Asgardeo, Frontegg, BoxyHQ SAML, Descope — from the option or AUTH_<ID>_ISSUER", () => {
    expect(Asgardeo({ issuer: "https://api.asgardeo.io/t/acme" }).wellKnown).toBe(
      "https://api.asgardeo.io/t/acme/oauth2/token/.well-known/openid-configuration",
    );
    const frontegg = Frontegg({ issuer: "https://acme.frontegg.com" });
    expect([frontegg.wellKnown, (frontegg.authorization as { url: string }).url, (frontegg.userinfo as { url: string }).url]).toEqual([
      "https://acme.frontegg.com/oauth/.well-known/openid-configuration",
      "https://acme.frontegg.com/oauth/authorize",
      "https://acme.frontegg.com/identity/resources/users/v2/me",
    ]);
    expect(Descope({ clientId: "P2abc" }).issuer).toBe("https://api.descope.com/P2abc");
    expect(Descope({ clientId: "P2abc", issuer: "https://auth.acme.com/P2abc" }).issuer).toBe("https://auth.acme.com/P2abc");
    const saved = process.env.AUTH_BOXYHQ_SAML_ISSUER;
    process.env.AUTH_BOXYHQ_SAML_ISSUER = "https://jackson.example.com/";
    try {
      expect((BoxyHQSAML().token as { url: string }).url).toBe("https://jackson.example.com/api/oauth/token");
    } finally {
      if (saved === undefined) delete process.env.AUTH_BOXYHQ_SAML_ISSUER;
      else process.env.AUTH_BOXYHQ_SAML_ISSUER = saved;
    }
  });

  it("azure-ad is Microsoft Entra ID under its old id and name", () => {
    const provider = AzureAD({ tenantId: "contoso.onmicrosoft.com" });
    expect([provider.id, provider.name, provider.issuer]).toEqual([
      "azure-ad",
      "Azure Active Directory",
      "https://login.microsoftonline.com/contoso.onmicrosoft.com/v2.0",
    ]);
    const saved = process.env.AUTH_AZURE_AD_ISSUER;
    process.env.AUTH_AZURE_AD_ISSUER = "https://login.microsoftonline.com/tenant-9/v2.0";
    try {
      expect(AzureAD().issuer).toBe("https://login.microsoftonline.com/tenant-9/v2.0");
      expect(AzureAD({ tenantId: "t-1" }).issuer).toBe("https://login.microsoftonline.com/t-1/v2.0");
    } finally {
      if (saved === undefined) delete process.env.AUTH_AZURE_AD_ISSUER;
      else process.env.AUTH_AZURE_AD_ISSUER = saved;
    }
  });
});

describe("issue 21 providers as a catalogue", () => {
  const FACTORIES = {
    FortyTwoSchool,
    Asgardeo,
    Atlassian,
    Authentik,
    AzureAD,
    AzureADB2C,
    AzureDevOps,
    BankIDNorway,
    BattleNet,
    BeyondIdentity,
    Bitbucket,
    Box,
    BoxyHQSAML,
    Bungie,
    ClickUp,
    Coinbase,
    Concept2,
    Descope,
    Dribbble,
    DuendeIdentityServer6,
    Eventbrite,
    EVEOnline,
    FACEIT,
    Figma,
    Foursquare,
    Freshbooks,
    Frontegg,
    FusionAuth,
    HuggingFace,
    HubSpot,
    OryHydra,
    IdentityServer4,
    Instagram,
    Kakao,
    Kinde,
  };
  const make = (factory: unknown, options: object) => (factory as (o: object) => OAuthConfig<never>)(options);

  it("every factory makes its id, with a brand colour, a profile mapping, and the user's options kept", () => {
    const ids = Object.values(FACTORIES).map((factory) => {
      const options = { clientId: "id", clientSecret: "secret", issuer: "https://issuer.example", allowDangerousEmailAccountLinking: true };
      const provider = make(factory, options);
      expect(provider.options, provider.id).toBe(options);
      expect(provider.style?.brandColor ?? provider.style?.bg, provider.id).toMatch(/^#[0-9a-f]{3,6}$/i);
      expect(typeof provider.profile, provider.id).toBe("function");
      return provider.id;
    });
    expect(ids.sort()).toEqual([...IDS].sort());
  });

  it("GET /providers lists them with their callback URLs; the sign-in page renders them all", async () => {
    const providers = Object.values(FACTORIES).map((factory) => make(factory, { clientId: "id", clientSecret: "secret", issuer: "https://issuer.example" }));
    const config = testConfig({ providers });
    const listed = (await (await Auth(get("/auth/providers"), config)).json()) as Record<string, { callbackUrl: string }>;
    expect(Object.keys(listed).sort()).toEqual([...IDS].sort());
    for (const id of IDS) expect(listed[id]!.callbackUrl).toBe(`${ORIGIN}/auth/callback/${id}`);
    const page = await Auth(get("/auth/signin"), config);
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const provider of providers) expect(html).toContain(String(provider.name));
    // Every one has a mark: simple-icons' logo where it carries the brand, else a neutral letter mark.
    const letters = new Set(["asgardeo", "azure-ad", "azure-ad-b2c", "azure-devops", "bankid-no", "beyondidentity", "boxyhq-saml", "concept2", "descope"]);
    for (const id of ["duende-identity-server6", "eventbrite", "eveonline", "freshbooks", "frontegg", "identity-server4", "kinde"]) letters.add(id);
    for (const id of IDS) {
      const src = new RegExp(`/auth/assets/(logos/${id}\\.(?:fff|000)\\.[0-9a-f]{10}\\.svg)`).exec(html)?.[1];
      expect(src, id).toBeDefined();
      const svg = await (await Auth(get(`/auth/assets/${src}`), config)).text();
      if (letters.has(id)) expect(svg, id).toMatch(/<text [^>]*>[A-Z]<\/text>/);
      else expect(svg, id).toMatch(/<path d="[Mm]/);
    }
  });

  it("package.json maps foyer-auth/providers/<id> to each module, and keeps the helper module private", () => {
    const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
      exports: Record<string, { types: string; import: string } | null>;
    };
    const pattern = pkg.exports["./providers/*"]!;
    for (const id of IDS) {
      expect(pkg.exports[`./providers/${id}`], id).toBeUndefined();
      expect(pattern.import.replace("*", id)).toBe(`./dist/server/providers/${id}.js`);
      expect(() => readFileSync(new URL(`./${id}.ts`, import.meta.url)), id).not.toThrow();
    }
    expect(pkg.exports["./providers/provider-api"]).toBeNull();
  });
});
