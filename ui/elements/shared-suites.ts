/**
 * Test suites every element shares (common behaviour tested once, run for each element). Test-only.
 */
import { expect, test } from "vitest";

/**
 * `define()` is idempotent: the tag maps to the class, and a second evaluation of the element's
 * define module (imported again under another URL) and repeated calls do not throw.
 */
export function testIdempotentDefine(options: { tagName: string; element: CustomElementConstructor; define: () => void; defineModuleUrl: string }): void {
  const { tagName, element, define, defineModuleUrl } = options;
  test("define() is idempotent: a second evaluation of define.ts and repeated calls do not throw", async () => {
    expect(customElements.get(tagName)).toBe(element);
    expect(() => define()).not.toThrow();
    const again = (await import(/* @vite-ignore */ `${defineModuleUrl}?again`)) as { define(): void };
    expect(() => again.define()).not.toThrow();
    expect(customElements.get(tagName)).toBe(element);
  });
}
