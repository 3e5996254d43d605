/**
 * `foyer-auth/providers/azure-ad`: the former name of Microsoft Entra ID, kept so Auth.js configs
 * that still import `azure-ad` port unchanged. It is Microsoft Entra ID (same options: `tenantId`,
 * `issuer`, `profilePhotoSize`) under the id `azure-ad`, so its callback URL and accounts stay those
 * of `azure-ad`. New configs should use `foyer-auth/providers/microsoft-entra-id`.
 *
 * ```ts
 * import AzureAD from "foyer-auth/providers/azure-ad";
 * AzureAD({ tenantId: "…" }); // AUTH_AZURE_AD_ID, AUTH_AZURE_AD_SECRET
 * ```
 */
import MicrosoftEntraID, { type MicrosoftEntraIDOptions, type MicrosoftEntraIDProfile } from "./microsoft-entra-id.js";
import type { OAuthConfig } from "./oauth.js";

export type AzureADProfile = MicrosoftEntraIDProfile;
export type AzureADOptions = MicrosoftEntraIDOptions;

/**
 * Sign in with Azure Active Directory: Microsoft Entra ID under the id `azure-ad`.
 * Options: those of Microsoft Entra ID; `clientId`, `clientSecret` and `issuer` default to `AUTH_AZURE_AD_ID`, `AUTH_AZURE_AD_SECRET`, `AUTH_AZURE_AD_ISSUER`.
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/azure-ad` (default basePath `/auth`).
 * @deprecated Use `foyer-auth/providers/microsoft-entra-id` (accounts linked under `azure-ad` stay under that id).
 * @example
 * ```ts
 * import AzureAD from "foyer-auth/providers/azure-ad";
 * const config = { providers: [AzureAD({ clientId: process.env.AUTH_AZURE_AD_ID, clientSecret: process.env.AUTH_AZURE_AD_SECRET, tenantId: process.env.AUTH_AZURE_AD_TENANT_ID })] };
 * ```
 */
export default function AzureAD(options: AzureADOptions = {}): OAuthConfig<AzureADProfile> {
  // Its own AUTH_AZURE_AD_ISSUER, read here as Entra ID reads its variable (a called factory's issuer is not filled later).
  const envIssuer = options.issuer || options.tenantId ? undefined : process.env.AUTH_AZURE_AD_ISSUER;
  const entra = MicrosoftEntraID(envIssuer ? { ...options, issuer: envIssuer } : options);
  return { ...entra, id: "azure-ad", name: "Azure Active Directory", options };
}
