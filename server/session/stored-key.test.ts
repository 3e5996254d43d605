/**
 * `locateSession` while another request moves the same row (stored-key.ts). Two requests that read a
 * row in the other form at the same moment both look it up; the first to finish re-keys it (writes the
 * new row, deletes the old). The second may have missed the new key just before it was written and
 * then miss the old key just after it was deleted — it must still find the session.
 */
import { describe, expect, it } from "vitest";
import MemoryAdapter from "../adapters/memory.js";
import type { Adapter } from "../adapters/types.js";
import { hashSessionToken } from "../adapters/wrap.js";
import { type KeyPolicy, locateSession, rekey } from "./stored-key.js";

const HASHED: KeyPolicy = { rawTokens: false, metadata: false };
const RAW: KeyPolicy = { rawTokens: true, metadata: false };
const TOKEN = "3f0c2a8e-6a4b-4c55-9b1e-2d7f1e9c0a11";

/** A memory adapter with one user and a session row keyed by `key`. */
async function adapterWithRow(key: string): Promise<Adapter> {
  const adapter = MemoryAdapter();
  const user = await adapter.createUser!({ email: "grace@example.com", emailVerified: null } as never);
  await adapter.createSession!({ sessionToken: key, userId: user.id, expires: new Date(Date.now() + 3_600_000) });
  return adapter;
}

/**
 * `adapter`, where the first lookup of `missKey` answers "no row" and, before answering, lets
 * `elsewhere` run: another request's whole re-key between this request's two lookups.
 */
function interleaved(adapter: Adapter, missKey: string, elsewhere: () => Promise<void>): Adapter {
  let first = true;
  return {
    ...adapter,
    // Lookups go through getSessionAndUser only (findSessionAndUser prefers the metadata method).
    getSessionAndUserWithMetadata: undefined,
    async getSessionAndUser(key: string) {
      if (key === missKey && first) {
        first = false;
        await elsewhere();
        return null;
      }
      return adapter.getSessionAndUser!(key);
    },
  };
}

describe("locateSession while another request re-keys the row", () => {
  it("hashed config: a raw row moved between the hashed and the raw lookup is still found", async () => {
    const adapter = await adapterWithRow(TOKEN);
    const hashedKey = await hashSessionToken(TOKEN);
    const other = async () => {
      const found = await locateSession(adapter, TOKEN, HASHED);
      await rekey(adapter, found!, TOKEN, HASHED);
    };
    const located = await locateSession(interleaved(adapter, hashedKey, other), TOKEN, HASHED);
    expect(located).toMatchObject({ key: hashedKey, form: "hashed", user: { email: "grace@example.com" } });
    expect(await adapter.getSessionAndUser!(TOKEN)).toBeNull();
  });

  it("raw config (storeRawTokens): a hashed row moved between the raw and the hashed lookup is still found", async () => {
    const hashedKey = await hashSessionToken(TOKEN);
    const adapter = await adapterWithRow(hashedKey);
    const other = async () => {
      const found = await locateSession(adapter, TOKEN, RAW);
      await rekey(adapter, found!, TOKEN, RAW);
    };
    const located = await locateSession(interleaved(adapter, TOKEN, other), TOKEN, RAW);
    expect(located).toMatchObject({ key: TOKEN, form: "raw", user: { email: "grace@example.com" } });
  });

  it("a token with no row in either form is still null (the second look costs one lookup, finds nothing)", async () => {
    const adapter = await adapterWithRow("someone-else");
    expect(await locateSession(adapter, TOKEN, HASHED)).toBeNull();
    expect(await locateSession(adapter, TOKEN, RAW)).toBeNull();
  });
});
