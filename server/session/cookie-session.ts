/**
 * Sessions kept in an encrypted cookie (strategies `cookie` and `jwt`, identical on the wire).
 *
 * Reading follows Auth.js with one deliberate deviation: the cookie is re-sealed only when
 * `now − iat ≥ updateAge`, when the jwt callback changed the token, or on an update — not on every
 * read (docs/compatibility.md#sessions-and-tokens). Tokens stay interchangeable with Auth.js either way.
 */
import { ChunkedCookie } from "../cookies/chunks.js";
import { deletionCookie } from "../cookies/defaults.js";
import type { RequestContext } from "../context/request-context.js";
import { InvalidConfiguration, JWTSessionError } from "../core/errors.js";
import type { AdapterUser } from "../adapters/types.js";
import type { Cookie, JWT, ResponseInternal, Session } from "../types.js";
import { NO_CACHE_HEADERS } from "../core/response.js";
import { REFRESH_TOKEN_ERROR, refreshSessionToken, sessionTokensOf } from "./refresh-session.js";
import { AUTH_TIME_CLAIM, authTimeOf, capTokenLifetime, pastAbsoluteLimit } from "./session-lifetime.js";
import { openCachedToken } from "./token-cache.js";
import type { SessionStrategy, SignInResult } from "./types.js";

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The session token's lifetime in seconds from now, and the cookie's expiry, for the config in force. */
function lifetime(ctx: RequestContext): { maxAge: number; expires: Date } {
  const maxAge = ctx.config.tokenMaxAge;
  if (maxAge instanceof Date) {
    // Whole seconds as `encode` counts them (exp = floor(now) + maxAge), so exp lands exactly on the date.
    const seconds = Math.floor(maxAge.valueOf() / 1000) - Math.floor(Date.now() / 1000);
    if (seconds <= 0) throw new InvalidConfiguration(`session.maxAge is the date ${maxAge.toISOString()}, which has passed.`);
    return { maxAge: seconds, expires: maxAge };
  }
  return { maxAge, expires: new Date(Date.now() + maxAge * 1000) };
}

function sessionCookie(ctx: RequestContext): ChunkedCookie {
  return new ChunkedCookie(ctx.cookies.sessionToken, ctx.req.cookies);
}

/**
 * Seals `token` and returns the cookies that store it (chunked when large). Every session token Foyer
 * writes has a `sub`: when the app's jwt callback returned a token without one, `subject` (the user's
 * id, or the `sub` of the token being renewed) is put back, so the reader can insist on it.
 */
async function writeToken(ctx: RequestContext, chunks: ChunkedCookie, token: JWT, subject: string): Promise<{ cookies: Cookie[]; expires: Date }> {
  const { absoluteMaxAge } = ctx.config.session;
  const authTime = token[AUTH_TIME_CLAIM];
  // With an absolute limit, no token outlives its session's sign-in time plus the limit.
  const { maxAge, expires } =
    absoluteMaxAge !== undefined && typeof authTime === "number" ? capTokenLifetime(lifetime(ctx), authTime, absoluteMaxAge) : lifetime(ctx);
  const sub = token.sub === undefined || token.sub === null || token.sub === "" ? subject : String(token.sub);
  const sealed = await ctx.config.session.seal({
    token: { ...token, sub },
    secret: ctx.config.secret,
    salt: ctx.cookies.sessionToken.name,
    maxAge,
  });
  const { cookies, chunked } = chunks.write(sealed, { expires });
  if (chunked) {
    ctx.logger.warn("session-cookie-chunked");
    ctx.logger.debug("CHUNKING_SESSION_COOKIE", { size: sealed.length, cookies: cookies.length });
  }
  return { cookies, expires };
}

/**
 * Opens the session cookie's token and checks that it is a session: every session token Foyer (or
 * Auth.js with its default callbacks) writes names its user in `sub`, and Foyer's own seal always
 * sets `exp`. A token that opens but lacks them was not written as a session — refuse it rather than
 * let whatever else was sealed under this cookie's salt pass as one. Throws when it is not a session.
 * `plaintext` (default codec only) lets the reader tell cheaply whether a callback changed the token.
 */
async function openSessionToken(ctx: RequestContext, sealed: string): Promise<{ payload: JWT; plaintext?: string }> {
  const { session, secret } = ctx.config;
  const salt = ctx.cookies.sessionToken.name;
  let payload: JWT | null;
  let plaintext: string | undefined;
  if (session.defaultCodec) {
    // Foyer's own codec is deterministic for a token, its secrets and its salt: a token this config
    // opened before is taken from the cache, its time claims checked again (session/token-cache.ts).
    const decoded = await openCachedToken(ctx.config, sealed, secret, salt);
    payload = decoded?.payload ?? null;
    plaintext = decoded?.plaintext;
    if (payload && typeof payload.exp !== "number") throw new Error("The session token has no expiry");
  } else {
    payload = await session.unseal({ token: sealed, secret, salt });
  }
  if (!payload) throw new Error("Invalid JWT");
  if (typeof payload.sub !== "string" || payload.sub === "") throw new Error("The session token names no user (sub)");
  return { payload, plaintext };
}

/**
 * `GET /session` and `POST /session` for cookie sessions. `update` is the client's data on POST.
 */
export async function readCookieSession(ctx: RequestContext, update?: { data: unknown }): Promise<ResponseInternal<Session | null>> {
  const response: ResponseInternal<Session | null> = {
    body: null,
    // The update answers with the session too: never stored by a cache, like the read.
    headers: { ...NO_CACHE_HEADERS },
    cookies: [],
  };
  const chunks = sessionCookie(ctx);
  const sealed = chunks.value;
  if (!sealed) {
    if (chunks.names.length) response.cookies = chunks.clean();
    return response;
  }
  try {
    const { callbacks, session, defaultJwtCallback } = ctx.config;
    const opened = await openSessionToken(ctx, sealed);
    const payload = opened.payload;
    let before = opened.plaintext;
    const subject = payload.sub!;
    const { absoluteMaxAge } = session;
    // The absolute limit (session-lifetime.ts): checked before any callback, and the sign-in time
    // carried over to the token the callback returns.
    const started = absoluteMaxAge === undefined ? undefined : authTimeOf(payload);
    if (started && pastAbsoluteLimit(started.authTime, absoluteMaxAge!)) {
      ctx.logger.debug("session past its absolute lifetime", { authTime: started.authTime });
      response.cookies = chunks.clean();
      return response;
    }
    // Captured before the callback runs: it may change the token in place.
    if (!defaultJwtCallback) before ??= JSON.stringify(payload);
    // Provider tokens that are due are refreshed first, so the callbacks see the fresh ones.
    const refreshed = await refreshSessionToken(ctx, payload);

    const token = update
      ? await callbacks.jwt({ token: refreshed.token, session: update.data, trigger: "update" })
      : await callbacks.jwt({ token: refreshed.token, session: undefined });
    if (token === null || token === undefined) {
      response.cookies = chunks.clean();
      return response;
    }

    if (started) token[AUTH_TIME_CLAIM] = started.authTime;

    const iat = typeof token.iat === "number" ? token.iat : undefined;
    // A token written without the sign-in time is re-sealed with it.
    const changed = (!defaultJwtCallback && JSON.stringify(token) !== before) || started?.claimed === false;
    const due = iat === undefined || nowSeconds() - iat >= session.updateAge;
    let expires: Date;
    if (update || changed || due || refreshed.changed) {
      const written = await writeToken(ctx, chunks, token, subject);
      response.cookies = written.cookies;
      expires = written.expires;
    } else {
      expires = typeof token.exp === "number" ? new Date(token.exp * 1000) : lifetime(ctx).expires;
    }

    const sessionInput: Session = {
      user: { name: token.name, email: token.email, image: token.picture },
      expires: expires.toISOString(),
    };
    if (token.error === REFRESH_TOKEN_ERROR) sessionInput.error = REFRESH_TOKEN_ERROR;
    // The parameter type joins the cookie and database shapes (as Auth.js's does); this is the cookie one.
    const body = (await callbacks.session({ session: sessionInput as never, token })) as Session;
    response.body = body;
    await ctx.config.events.session({ session: body, token });
    return response;
  } catch (error) {
    ctx.logger.error(new JWTSessionError("The session cookie could not be read; it was cleared", error as Error));
    response.body = null;
    response.cookies = chunks.names.length ? chunks.clean() : [deletionCookie(ctx.cookies.sessionToken)];
    return response;
  }
}

/**
 * Creates the cookie session after a successful sign-in: jwt callback (trigger `signIn`/`signUp`),
 * seal, chunk. The one place every provider kind goes through.
 */
export async function issueCookieSession(ctx: RequestContext, result: SignInResult): Promise<Cookie[]> {
  const { user, account, profile, isNewUser } = result;
  // Without an adapter and an id, a fresh random subject per sign-in (as Auth.js).
  const subject = user.id === undefined || user.id === null || user.id === "" ? crypto.randomUUID() : String(user.id);
  const defaultToken: JWT = {
    name: user.name,
    email: user.email,
    picture: user.image,
    sub: subject,
    // Only for providers with `refreshTokens`: the tokens the session reads keep fresh.
    ...sessionTokensOf(ctx, account),
  };
  const token = await ctx.config.callbacks.jwt({
    token: defaultToken,
    user,
    account,
    profile,
    isNewUser,
    trigger: isNewUser ? "signUp" : "signIn",
  });
  const chunks = sessionCookie(ctx);
  if (token === null || token === undefined) return chunks.clean();
  // Every sign-in starts the absolute lifetime afresh, whatever the callback copied into the token.
  if (ctx.config.session.absoluteMaxAge !== undefined) token[AUTH_TIME_CLAIM] = Math.floor(Date.now() / 1000);
  return (await writeToken(ctx, chunks, token, subject)).cookies;
}

/** Decodes the current session token; `null` when there is none or it does not open. */
async function currentCookieToken(ctx: RequestContext): Promise<{ token: JWT | null; chunks: ChunkedCookie }> {
  const chunks = sessionCookie(ctx);
  if (!chunks.value) return { token: null, chunks };
  try {
    const { payload } = await openSessionToken(ctx, chunks.value);
    // A session past its absolute lifetime is nobody's, here too (linking, passkeys, sign-out event).
    const { absoluteMaxAge } = ctx.config.session;
    if (absoluteMaxAge !== undefined && pastAbsoluteLimit(authTimeOf(payload).authTime, absoluteMaxAge)) return { token: null, chunks };
    return { token: payload, chunks };
  } catch (error) {
    ctx.logger.debug("sign-out with a session cookie that does not open", { reason: (error as Error).name });
    return { token: null, chunks };
  }
}

/** Sign-out: the `signOut` event with the token as it was, and the session cookie's chunks deleted. */
async function endCookieSession(ctx: RequestContext): Promise<Cookie[]> {
  const { token, chunks } = await currentCookieToken(ctx);
  if (chunks.names.length === 0) return [];
  await ctx.config.events.signOut({ token });
  return chunks.clean();
}

/** The user named by the session cookie's `sub`, looked up through the adapter (a deleted user is nobody). */
async function currentCookieUser(ctx: RequestContext): Promise<AdapterUser | null> {
  try {
    const { token } = await currentCookieToken(ctx);
    return token?.sub ? ((await ctx.config.adapter?.getUser?.(token.sub)) ?? null) : null;
  } catch {
    return null;
  }
}

async function signedInButNotStored(ctx: RequestContext): Promise<boolean> {
  try {
    const { token } = await currentCookieToken(ctx);
    return typeof token?.sub === "string" && token.sub !== "" && !(await ctx.config.adapter?.getUser?.(token.sub));
  } catch {
    return false;
  }
}

/** Sessions in an encrypted cookie (`cookie` and `jwt`): nothing is stored on the server. */
export const cookieSessions: SessionStrategy = {
  storesSessions: false,
  read: readCookieSession,
  issue: issueCookieSession,
  signOut: endCookieSession,
  currentUser: currentCookieUser,
  storedSession: async () => null,
  signedInButNotStored,
};
