/**
 * The elements' token defaults (ui/internal/styles.ts, written out as CSS) are theme/tokens.ts's, the
 * same the pages use: every token once, with its light and dark value (or its one value).
 */
import { describe, expect, test } from "vitest";
import { BRAND_TOKENS, ELEMENT_COLOR_TOKENS } from "../../theme/tokens.js";
import { tokenStyles } from "./styles.js";

/** `--_x: var(--auth-x, <default>)` declarations of the `:host` rule, by public token name. */
function declaredDefaults(): Map<string, string> {
  const defaults = new Map<string, string>();
  const text = tokenStyles.cssText;
  for (const match of text.matchAll(/--_([\w-]+):\s*var\((--auth-[\w-]+),\s*((?:[^()]|\([^()]*\))*)\)\s*;/g)) {
    expect(`--auth-${match[1]}`).toBe(match[2]); // the private name mirrors the public one
    expect(defaults.has(match[2]!)).toBe(false);
    defaults.set(match[2]!, match[3]!.replace(/\s+/g, " ").trim());
  }
  return defaults;
}

describe("tokenStyles", () => {
  test("declares exactly theme/tokens.ts's element tokens, with the same defaults", () => {
    const expected = new Map<string, string>([
      ...Object.entries(ELEMENT_COLOR_TOKENS).map(([name, [light, dark]]): [string, string] => [name, `light-dark(${light}, ${dark})`]),
      ...Object.entries(BRAND_TOKENS).map(([name, value]): [string, string] => [name, value]),
    ]);
    const normalise = (value: string) => value.replace(/\s*,\s*/g, ",");
    const declared = declaredDefaults();
    expect(new Map([...declared].map(([name, value]) => [name, normalise(value)]))).toEqual(
      new Map([...expected].map(([name, value]) => [name, normalise(value)])),
    );
  });
});
