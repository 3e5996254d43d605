/**
 * Reading the session from server code (a page render, a route handler, a middleware): the same
 * answer as `GET {basePath}/session`, plus the cookies Foyer wants set when it re-sealed or ended the
 * session. Fails closed: a configuration error, an unreachable database, a broken cookie or any other
 * failure reads as signed out (`null`), never as an error object someone could mistake for a session.
 */
import type { AuthConfig, Cookie, Session } from "../../types.js";
import { callAuth, callAuthDirect, type ServerAnswer, type ServerRequestSource } from "./server-request.js";

/** A session read by server code. */
export interface ServerSession {
  /** The session, or `null` when signed out or when it could not be read. */
  session: Session | null;
  /** Cookies to pass on to the browser where the framework allows it: a re-sealed session, or the deletion of a dead one. */
  cookies: Cookie[];
}

function isSession(body: unknown): body is Session {
  return typeof body === "object" && body !== null && !Array.isArray(body) && typeof (body as { expires?: unknown }).expires === "string";
}

/**
 * The session of the browser that sent `source`, read through `Auth()`.
 *
 * @param config The config as the integration prepared it (`basePath` set).
 */
export function readServerSession(config: AuthConfig, source: ServerRequestSource): Promise<ServerSession> {
  return sessionOf(() => callAuth(config, source, "session"));
}

/**
 * {@link readServerSession} for a Node integration, without a web `Request` or `Headers`: `header(name)`
 * reads the incoming request's header (lowercase name), `origin` is its public origin.
 */
export function readServerSessionDirect(config: AuthConfig, source: { origin: string; header(name: string): string | null }): Promise<ServerSession> {
  return sessionOf(() => callAuthDirect(config, source, "session"));
}

async function sessionOf(read: () => Promise<ServerAnswer>): Promise<ServerSession> {
  try {
    const answer = await read();
    if (answer.status !== 200) return { session: null, cookies: [] };
    return { session: isSession(answer.body) ? answer.body : null, cookies: answer.cookies };
  } catch {
    // Auth() has logged what failed; signed out is the only safe reading.
    return { session: null, cookies: [] };
  }
}
