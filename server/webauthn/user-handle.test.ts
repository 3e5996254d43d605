/** The derived WebAuthn user handle: stable per address and first secret, opaque, 32 bytes. */
import { describe, expect, it } from "vitest";
import { userHandleFor } from "./user-handle.js";

const SECRETS = ["first-secret-first-secret-first-secret", "older-secret-older-secret-older-secret"];
const hex = (bytes: Uint8Array | undefined) => Buffer.from(bytes!).toString("hex");

describe("userHandleFor", () => {
  it("is 32 bytes, the same for the same address and secret, and for the address's spellings", async () => {
    const handle = await userHandleFor(SECRETS, "ada@example.com");
    expect(handle).toBeInstanceOf(Uint8Array);
    expect(handle!.length).toBe(32);
    expect(hex(await userHandleFor(SECRETS, "ada@example.com"))).toBe(hex(handle));
    expect(hex(await userHandleFor(SECRETS, "  Ada@EXAMPLE.com "))).toBe(hex(handle));
  });

  it("differs per address and per first secret; later secrets do not matter", async () => {
    const ada = hex(await userHandleFor(SECRETS, "ada@example.com"));
    expect(hex(await userHandleFor(SECRETS, "bob@example.com"))).not.toBe(ada);
    expect(hex(await userHandleFor(SECRETS, "ada@example.org"))).not.toBe(ada);
    expect(hex(await userHandleFor(["another-secret-another-secret-another", SECRETS[0]!], "ada@example.com"))).not.toBe(ada);
    expect(hex(await userHandleFor([SECRETS[0]!, "a-different-older-secret-a-different"], "ada@example.com"))).toBe(ada);
  });

  it("carries nothing of the address", async () => {
    const address = "ada.lovelace@example.com";
    const handle = Buffer.from((await userHandleFor(SECRETS, address))!);
    for (const text of [handle.toString("latin1"), handle.toString("utf8"), handle.toString("base64url"), handle.toString("hex")]) {
      expect(text.toLowerCase()).not.toContain("ada.lovelace");
      expect(text.toLowerCase()).not.toContain("example");
    }
    expect(hex(handle)).not.toBe(Buffer.from(address).toString("hex").slice(0, 64));
  });

  it("none without an address or a secret", async () => {
    expect(await userHandleFor(SECRETS, null)).toBeUndefined();
    expect(await userHandleFor(SECRETS, "")).toBeUndefined();
    expect(await userHandleFor([], "ada@example.com")).toBeUndefined();
  });
});
