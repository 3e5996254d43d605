/**
 * A cookie that may be split over several cookies (`name`, or `name.0`, `name.1`, …) because browsers
 * cap one cookie at about 4 KB. Chunk boundaries and names match Auth.js: 3936 characters
 * of value per chunk (4096 less 160 for the name and attributes), `name.0`, `name.1`, … when more than one.
 */
import type { Cookie, CookieOption } from "../types.js";
import type { CookieSerializeOptions } from "./serialize.js";
import { deletionCookie } from "./defaults.js";
import { SessionTokenError } from "../core/errors.js";

/** 4096 bytes allowed per cookie, minus 160 for the name and attributes. */
export const CHUNK_SIZE = 4096 - 160;
/**
 * The most chunks a session cookie is read from, written to or deleted in. Node's default limit for a
 * whole request header section is 16 KiB and nginx's default for one header line is 8 KiB, so a token of
 * more than four chunks (≈ 15.7 KB) does not even reach a server with default settings; eight (≈ 31 KB)
 * leave room for servers configured with larger limits. Foyer's own token (name, e-mail, picture, subject,
 * times, and a provider's tokens when `refreshTokens` is on) fits in one or two.
 *
 * The cap is what keeps a `Cookie` header full of fake chunks (`name.0` … `name.451`) from being answered
 * with one deletion cookie per fake chunk: a response of tens of kilobytes of `Set-Cookie` headers, more
 * than proxies and Node accept. Chunks numbered from `MAX_CHUNKS` up are not Foyer's and are left alone:
 * never read, never deleted, so junk planted there cannot keep a fresh session from being read either.
 */
export const MAX_CHUNKS = 8;

/** `.0` … `.7`: one digit is enough below the cap, and `.07` or `.0007` are not chunk names Foyer writes. */
const CHUNK_SUFFIX = /^\.(0|[1-9]\d*)$/;

export class ChunkedCookie {
  /** Names of the request's cookies that belong to this chunked cookie (at most `MAX_CHUNKS + 1`). */
  readonly names: string[];
  /** The reassembled value, or `undefined` when there is none. */
  readonly value: string | undefined;

  constructor(
    private readonly option: CookieOption,
    requestCookies: Record<string, string>,
  ) {
    const parts: { name: string; index: number; value: string }[] = [];
    for (const name in requestCookies) {
      const value = requestCookies[name];
      if (!value || !name.startsWith(option.name)) continue;
      const rest = name.slice(option.name.length);
      const match = rest === "" ? null : CHUNK_SUFFIX.exec(rest);
      if (rest !== "" && !match) continue;
      const index = match ? Number(match[1]) : 0;
      if (index >= MAX_CHUNKS) continue;
      parts.push({ name, index, value });
    }
    this.names = parts.map((part) => part.name);
    parts.sort((a, b) => a.index - b.index);
    // A token longer than the cap reads as its first chunks only, which never decode: no session.
    this.value = parts.length === 0 ? undefined : parts.map((part) => part.value).join("");
  }

  /** Cookies that write `value` (chunked when needed) and delete every stale chunk. */
  write(value: string, options: CookieSerializeOptions = {}): { cookies: Cookie[]; chunked: boolean } {
    const out = new Map<string, Cookie>();
    for (const name of this.names) out.set(name, this.deletion(name));
    const count = Math.ceil(value.length / CHUNK_SIZE);
    if (count > MAX_CHUNKS) {
      // Written anyway it could never be read back: the sign-in would seem to work and the session not.
      throw new SessionTokenError(
        `The session token is ${value.length} characters: more than ${MAX_CHUNKS} cookies of ${CHUNK_SIZE}. Keep large data out of the jwt callback's token.`,
      );
    }
    const cookieOptions = { ...this.option.options, ...options };
    if (count <= 1) {
      out.set(this.option.name, { name: this.option.name, value, options: cookieOptions });
    } else {
      for (let i = 0; i < count; i++) {
        const name = `${this.option.name}.${i}`;
        out.set(name, { name, value: value.slice(i * CHUNK_SIZE, (i + 1) * CHUNK_SIZE), options: cookieOptions });
      }
    }
    return { cookies: [...out.values()], chunked: count > 1 };
  }

  /** Deletions for every chunk the request carried (sign-out, invalid token). */
  clean(): Cookie[] {
    return this.names.map((name) => this.deletion(name));
  }

  private deletion(name: string): Cookie {
    return deletionCookie(this.option, name);
  }
}
