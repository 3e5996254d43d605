/** The account page's CSS: compiled from account.css, and its danger tokens are theme/tokens.ts's. */
import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { DANGER_TOKENS } from "../../theme/tokens.js";
import { ACCOUNT_CSS } from "./account-styles.generated.js";

describe("the account page's CSS", () => {
  it("account-styles.generated.ts is current (node scripts/compile-account-css.mjs)", () => {
    const script = fileURLToPath(new URL("../../scripts/compile-account-css.mjs", import.meta.url));
    expect(() => execFileSync(process.execPath, [script, "--check"], { stdio: "pipe" })).not.toThrow();
  });

  it("declares the danger tokens with theme/tokens.ts's values", () => {
    for (const [name, [light, dark]] of Object.entries(DANGER_TOKENS)) expect(ACCOUNT_CSS).toContain(`${name}:light-dark(${light},${dark})`);
  });
});
