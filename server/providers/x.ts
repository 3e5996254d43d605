/**
 * `foyer-auth/providers/x`: the X provider (`foyer-auth/providers/twitter`) under the id `x` and the
 * name "X": callback URL `{origin}{basePath}/callback/x`, variables `AUTH_X_ID` / `AUTH_X_SECRET`.
 * Use `twitter` instead to keep accounts stored under the provider id `twitter` (Auth.js's id).
 *
 * ```ts
 * import X from "foyer-auth/providers/x";
 * X();
 * ```
 */
import type { OAuthConfig } from "./oauth.js";
import { twitterProvider, type TwitterProfile } from "./twitter.js";

export type { TwitterProfile, TwitterProfile as XProfile } from "./twitter.js";

export default function X(options: Partial<OAuthConfig<TwitterProfile>> = {}): OAuthConfig<TwitterProfile> {
  return twitterProvider({ id: "x", name: "X" }, options);
}
