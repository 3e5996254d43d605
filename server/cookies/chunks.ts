/**
 * A cookie that may be split over several cookies (`name`, or `name.0`, `name.1`, …) because browsers
 * cap one cookie at about 4 KB. Chunk boundaries and names match Auth.js (wire §3.6).
 */
import type { Cookie, CookieOption } from "../types.js";
import type { CookieSerializeOptions } from "./serialize.js";
import { deletionCookie } from "./defaults.js";

/** 4096 bytes allowed per cookie, minus 160 for the name and attributes. */
export const CHUNK_SIZE = 4096 - 160;
/** More chunks than this is an attack or a bug, not a session (security case R-SESS-08). */
export const MAX_CHUNKS = 32;

const CHUNK_SUFFIX = /^\.(\d{1,3})$/;

export class ChunkedCookie {
  /** Names of the request's cookies that belong to this chunked cookie. */
  readonly names: string[];
  /** The reassembled value, or `undefined` when there is none (or too many chunks to be genuine). */
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
      parts.push({ name, index: match ? Number(match[1]) : 0, value });
    }
    this.names = parts.map((part) => part.name);
    if (parts.length === 0 || parts.length > MAX_CHUNKS) {
      this.value = undefined;
      return;
    }
    parts.sort((a, b) => a.index - b.index);
    this.value = parts.map((part) => part.value).join("");
  }

  /** Cookies that write `value` (chunked when needed) and delete every stale chunk. */
  write(value: string, options: CookieSerializeOptions = {}): { cookies: Cookie[]; chunked: boolean } {
    const out = new Map<string, Cookie>();
    for (const name of this.names) out.set(name, this.deletion(name));
    const count = Math.ceil(value.length / CHUNK_SIZE);
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
