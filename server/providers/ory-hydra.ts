/**
 * `foyer-auth/providers/ory-hydra`: the Ory Hydra provider (id `hydra`) under the module name Auth.js
 * uses (`@auth/core/providers/ory-hydra`), so an Auth.js app's import keeps working after only its
 * package name changes. The provider itself is `foyer-auth/providers/hydra`.
 */
export { default } from "./hydra.js";
export type { OryHydraProfile } from "./hydra.js";
