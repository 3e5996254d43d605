/**
 * `foyer-auth/providers/azure-devops`: sign in with Azure DevOps Services OAuth (OAuth 2 with
 * Microsoft's own wire format). Azure DevOps names its code flow `response_type=Assertion`, and its
 * token endpoint takes the JWT-bearer form instead of the standard one: `grant_type =
 * urn:ietf:params:oauth:grant-type:jwt-bearer`, the code as `assertion`, the client secret as
 * `client_assertion` (type `urn:ietf:params:oauth:client-assertion-type:jwt-bearer`) and the
 * `redirect_uri`. It answers `expires_in` as a string and `token_type` as `jwt-bearer`. This provider rewrites the token request and
 * answer accordingly (on top of your own `[customFetch]`, if you give one). Microsoft no longer
 * registers new Azure DevOps OAuth apps; for new apps use Microsoft Entra ID.
 *
 * ```ts
 * import AzureDevOps from "foyer-auth/providers/azure-devops";
 * AzureDevOps({ scope: "vso.profile vso.work" }); // AUTH_AZURE_DEVOPS_ID, AUTH_AZURE_DEVOPS_SECRET (the client secret)
 * ```
 */
import { providerFetchLayer } from "../core/custom-fetch.js";
import type { OAuthConfig } from "./oauth.js";

/** `GET …/_apis/profile/profiles/me?details=true&coreAttributes=Avatar`'s answer. */
export interface AzureDevOpsProfile {
  id: string;
  displayName: string;
  publicAlias?: string;
  emailAddress: string;
  coreRevision?: number;
  timeStamp?: string;
  revision?: number;
  coreAttributes?: { Avatar?: { value?: { contentType?: string; value?: string } } };
  [key: string]: unknown;
}

export interface AzureDevOpsOptions extends Partial<OAuthConfig<AzureDevOpsProfile>> {
  /** The scopes the app was registered with, space-separated (default `vso.profile`). */
  scope?: string;
}

const JWT_BEARER = "urn:ietf:params:oauth:grant-type:jwt-bearer";
const ASSERTION_TYPE = "urn:ietf:params:oauth:client-assertion-type:jwt-bearer";

/** The form of a request, when it is a URL-encoded body. */
function formOf(init: RequestInit | undefined): URLSearchParams | undefined {
  const body = init?.body;
  if (body instanceof URLSearchParams) return new URLSearchParams(body);
  if (typeof body === "string") return new URLSearchParams(body);
  return undefined;
}

/**
 * The fetch that speaks Azure DevOps's token format, through `next`: a standard code (or refresh)
 * grant with the client secret in the form becomes the JWT-bearer form, and the answer's
 * `token_type: jwt-bearer` becomes the Bearer it is used as (Foyer already reads its string `expires_in`).
 */
export function azureDevOpsFetchOver(next: typeof fetch): typeof fetch {
  return async (input, init) => {
    const form = (init?.method ?? "GET").toUpperCase() === "POST" ? formOf(init) : undefined;
    const grant = form?.get("grant_type");
    if (!form || (grant !== "authorization_code" && grant !== "refresh_token")) return next(input, init);
    const secret = form.get("client_secret") ?? "";
    const rewritten =
      grant === "authorization_code"
        ? new URLSearchParams({
            client_assertion_type: ASSERTION_TYPE,
            client_assertion: secret,
            grant_type: JWT_BEARER,
            assertion: form.get("code") ?? "",
            redirect_uri: form.get("redirect_uri") ?? "",
          })
        : new URLSearchParams({
            client_assertion_type: ASSERTION_TYPE,
            client_assertion: secret,
            grant_type: "refresh_token",
            assertion: form.get("refresh_token") ?? "",
            redirect_uri: form.get("redirect_uri") ?? "",
          });
    const headers = new Headers(init?.headers);
    headers.delete("authorization");
    headers.set("content-type", "application/x-www-form-urlencoded");
    const response = await next(input, { ...init, headers, body: rewritten.toString() });
    if (!(response.headers.get("content-type") ?? "").includes("json")) return response;
    const text = await response.text();
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      return new Response(text, { status: response.status, headers: response.headers });
    }
    const out = new Headers(response.headers);
    out.delete("content-length");
    // `token_type: "jwt-bearer"` names the grant; the token is used as a Bearer token (OAuth clients accept only that).
    if (typeof body.token_type === "string" && body.token_type.toLowerCase() === "jwt-bearer") body.token_type = "bearer";
    return new Response(JSON.stringify(body), { status: response.status, headers: out });
  };
}

/**
 * Sign in with Azure DevOps (OAuth 2, Azure DevOps's JWT-bearer token format).
 * Options: `clientId` (the app id) and `clientSecret` (the client secret; default `AUTH_AZURE_DEVOPS_ID`, `AUTH_AZURE_DEVOPS_SECRET`), and `scope` (default `vso.profile`).
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/azure-devops` (default basePath `/auth`; Azure DevOps requires https).
 * Authorization with `response_type=Assertion`; the secret travels in the token form; checks: state (Azure DevOps has no PKCE).
 * The picture is the profile's avatar as a `data:` URL.
 * @example
 * ```ts
 * import AzureDevOps from "foyer-auth/providers/azure-devops";
 * const config = { providers: [AzureDevOps({ clientId: process.env.AUTH_AZURE_DEVOPS_ID, clientSecret: process.env.AUTH_AZURE_DEVOPS_SECRET, scope: "vso.profile" })] };
 * ```
 */
export default function AzureDevOps(options: AzureDevOpsOptions = {}): OAuthConfig<AzureDevOpsProfile> {
  return {
    id: "azure-devops",
    name: "Azure DevOps",
    type: "oauth",
    authorization: {
      url: "https://app.vssps.visualstudio.com/oauth2/authorize",
      params: { response_type: "Assertion", scope: options.scope ?? "vso.profile" },
    },
    token: { url: "https://app.vssps.visualstudio.com/oauth2/token" },
    userinfo: {
      url: "https://app.vssps.visualstudio.com/_apis/profile/profiles/me",
      params: { details: "true", coreAttributes: "Avatar", "api-version": "6.0" },
    },
    // The rewritten form carries the secret as client_assertion: it must reach the fetch in the body.
    client: { token_endpoint_auth_method: "client_secret_post" },
    checks: ["state"],
    [providerFetchLayer]: azureDevOpsFetchOver,
    profile(profile) {
      const avatar = profile.coreAttributes?.Avatar?.value;
      return {
        id: profile.id,
        name: profile.displayName ?? null,
        email: profile.emailAddress ?? null,
        image: avatar?.value ? `data:${avatar.contentType ?? "image/jpeg"};base64,${avatar.value}` : null,
      };
    },
    style: { brandColor: "#0078D7" },
    options,
  };
}
