/** A new passkey is named after its provider (from the attestation's AAGUID) where the adapter keeps names. */
import { describe, expect, it } from "vitest";
import { CookieJar } from "../testing/harness.js";
import { newBrowser, registerPasskey, PASSKEY_ORIGIN } from "../testing/passkey-flow.js";
import { passkeySetups, type AdapterKind } from "../testing/passkey-setup.js";
import { SoftAuthenticator } from "../testing/soft-authenticator.js";

const setup = passkeySetups();
const ICLOUD = "fbfc3007-154e-4ecc-8c0b-6e020557d7bd";

describe.each(["memory", "sqlite"] as AdapterKind[])("with the %s adapter", (adapter) => {
  it("names an iCloud Keychain passkey 'iCloud Keychain' at registration", async () => {
    const s = setup({ adapter, strategy: "database" });
    const browser = newBrowser(new SoftAuthenticator({ origin: PASSKEY_ORIGIN, aaguid: ICLOUD }));
    await registerPasskey(s.config, browser, { email: "ada@example.com" });
    const user = (await s.adapter.getUserByEmail!("ada@example.com"))!;
    const [stored] = await s.adapter.listAuthenticatorsWithMetadata!(user.id);
    expect(stored!.name).toBe("iCloud Keychain");
  });

  it("leaves an anonymous authenticator's passkey unnamed (the list falls back to its transports)", async () => {
    const s = setup({ adapter, strategy: "database" });
    const browser = { jar: new CookieJar(), authenticator: new SoftAuthenticator({ origin: PASSKEY_ORIGIN }) };
    await registerPasskey(s.config, browser, { email: "bob@example.com" });
    const user = (await s.adapter.getUserByEmail!("bob@example.com"))!;
    const [stored] = await s.adapter.listAuthenticatorsWithMetadata!(user.id);
    expect(stored!.name).toBeNull();
  });
});
