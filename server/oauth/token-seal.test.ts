/** Provider tokens at rest: sealed for adapters that ask, readable with any listed secret. */
import { describe, expect, it } from "vitest";
import { readAccountTokens } from "./read-tokens.js";
import { SEALED_PREFIX, openProviderTokens, sealProviderTokens } from "./token-seal.js";

const account = {
  provider: "github",
  providerAccountId: "42",
  type: "oauth" as const,
  access_token: "gho_access",
  refresh_token: "ghr_refresh",
  id_token: "eyJ.id.token",
  scope: "read:user",
};
const A = "secret-a-secret-a-secret-a-secret-a";
const B = "secret-b-secret-b-secret-b-secret-b";

describe("sealProviderTokens / openProviderTokens", () => {
  it("seals the three token fields and leaves everything else alone", async () => {
    const sealed = await sealProviderTokens(account, [A]);
    for (const field of ["access_token", "refresh_token", "id_token"] as const) {
      expect(sealed[field]!.startsWith(SEALED_PREFIX)).toBe(true);
      expect(sealed[field]).not.toContain(account[field]);
    }
    expect(sealed).toMatchObject({ provider: "github", providerAccountId: "42", scope: "read:user" });
    expect(await openProviderTokens(sealed, [A])).toEqual(account);
  });

  it("sealing twice does not double-seal; raw values read back as they are", async () => {
    const once = await sealProviderTokens(account, [A]);
    expect(await sealProviderTokens(once, [A])).toEqual(once);
    expect(await openProviderTokens(account, [A])).toEqual(account);
  });

  it("secret rotation: a row sealed with an older listed secret opens; a removed secret gives undefined", async () => {
    const sealedWithA = await sealProviderTokens(account, [A]);
    expect((await readAccountTokens(sealedWithA, [B, A])).access_token).toBe("gho_access");
    const lost = await readAccountTokens(sealedWithA, [B]);
    expect(lost.access_token).toBeUndefined();
    expect(lost.scope).toBe("read:user");
  });
});
