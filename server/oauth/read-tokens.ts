/** Reading provider tokens that Foyer stored sealed (see `providerTokens` on adapters). */
import { secretList } from "../jwt/index.js";
import type { Account } from "../types.js";
import { openProviderTokens } from "./token-seal.js";

/**
 * The account with `access_token`, `refresh_token` and `id_token` readable, whatever the adapter
 * stored. Pass the same secret (or list) the config uses.
 *
 * ```ts
 * const account = await adapter.getAccount(providerAccountId, "github");
 * const { access_token } = await readAccountTokens(account, process.env.AUTH_SECRET);
 * ```
 */
export function readAccountTokens<A extends Partial<Account>>(account: A, secret: string | string[]): Promise<A> {
  return openProviderTokens(account, secretList(secret));
}
