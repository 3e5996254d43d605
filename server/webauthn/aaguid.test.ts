import { describe, expect, it } from "vitest";
import { authenticatorName } from "./aaguid.js";
import { AAGUID_NAMES } from "./aaguid-names.generated.js";

describe("authenticatorName", () => {
  it("names the common passkey providers", () => {
    expect(authenticatorName("fbfc3007-154e-4ecc-8c0b-6e020557d7bd")).toBe("iCloud Keychain");
    expect(authenticatorName("EA9B8D66-4D01-1D21-3CE4-B6B48CB575D4")).toBe("Google Password Manager");
    expect(authenticatorName("08987058-cadc-4b81-b6e1-30de50dcbe96")).toBe("Windows Hello");
  });

  it("answers null for the anonymous AAGUID, unknown ones and anything that is not an AAGUID", () => {
    expect(authenticatorName("00000000-0000-0000-0000-000000000000")).toBeNull();
    expect(authenticatorName("12345678-1234-1234-1234-123456789abc")).toBeNull();
    expect(authenticatorName("__proto__")).toBeNull();
    expect(authenticatorName("constructor")).toBeNull();
    expect(authenticatorName(undefined)).toBeNull();
  });

  it("ships names only, keyed by lower-case AAGUIDs", () => {
    for (const [key, name] of Object.entries(AAGUID_NAMES)) {
      expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      expect(typeof name).toBe("string");
      expect(name.length).toBeLessThanOrEqual(100);
    }
  });
});
