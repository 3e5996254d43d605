/**
 * The requests server code makes to Foyer on the user's behalf (read the session, sign in, sign out,
 * update the session): built from the incoming request's public origin and the few headers Foyer
 * reads from it, answered by `Auth()` with the `raw` marker so that cookies come back as objects.
 */
import { Auth, authDirectRaw } from "../../auth.js";
import { normalizeConfig } from "../../config/normalize.js";
import { serializeCookie } from "../../cookies/serialize.js";
import { InvalidConfiguration } from "../../core/errors.js";
import type { DirectRequest } from "../../core/request.js";
import type { AuthAction, AuthConfig, Cookie, ResponseInternal } from "../../types.js";
import { rawConfig } from "./config.js";
import { actionUrl } from "./origin.js";

/** Who is asking: the browser's public origin and the headers of its request. */
export interface ServerRequestSource {
  /** The public origin, e.g. from {@link publicOrigin}. */
  origin: string;
  /** The incoming request's headers. Only `Cookie`, `User-Agent`, `Accept-Language` and `Referer` are used. */
  headers: Headers;
}

/** What Foyer answered: where it sends the browser (if anywhere), its body and the cookies to set. */
export interface ServerAnswer<Body = unknown> {
  redirect?: string;
  body?: Body;
  status: number;
  /** Cookies to set (or delete: `maxAge: 0`) on the browser, in order. */
  cookies: Cookie[];
}

/** Headers Foyer reads from a browser request: its cookies, and for session metadata and pages its agent and language. */
const FORWARDED = ["cookie", "user-agent", "accept-language"];

/** The headers of an internal request made for the browser whose request had `incoming`. */
export function forwardedHeaders(incoming: Headers): Headers {
  const headers = new Headers();
  for (const name of FORWARDED) {
    const value = incoming.get(name);
    if (value) headers.set(name, value);
  }
  return headers;
}

/**
 * Calls `Auth()` for `action` as the browser of `source` would, with the `raw` marker: an `AuthError`
 * thrown on the way is thrown here (the caller decides), and an answer Foyer gives only as a web
 * `Response` (a configuration error) becomes `InvalidConfiguration`.
 */
export async function callAuth<Body = unknown>(
  config: AuthConfig,
  source: ServerRequestSource,
  action: AuthAction | `${AuthAction}/${string}`,
  init: { method?: "GET" | "POST"; body?: URLSearchParams | string; contentType?: string; query?: URLSearchParams } = {},
): Promise<ServerAnswer<Body>> {
  const url = actionUrl(source.origin, config.basePath ?? "/auth", action);
  if (init.query) for (const [key, value] of init.query) url.searchParams.append(key, value);
  const headers = forwardedHeaders(source.headers);
  if (init.contentType) headers.set("content-type", init.contentType);
  const request = new Request(url, { method: init.method ?? "GET", headers, ...(init.body !== undefined ? { body: init.body } : {}) });
  return serverAnswer<Body>(await Auth(request, rawConfig(config)), config, action);
}

/**
 * A GET of `action` for server code, answered without any web `Request`: `header(name)` reads the
 * incoming request's headers (only those a browser request to Foyer would forward are passed on).
 */
export async function callAuthDirect<Body = unknown>(
  config: AuthConfig,
  source: { origin: string; header(name: string): string | null },
  action: AuthAction,
): Promise<ServerAnswer<Body>> {
  const direct = new ServerDirectRequest(actionUrl(source.origin, config.basePath ?? "/auth", action), source.header);
  return serverAnswer<Body>(await authDirectRaw(direct, rawConfig(config)), config, action);
}

/** The internal GET {@link callAuthDirect} makes: the forwarded headers only; a web form only when asked for. */
class ServerDirectRequest implements DirectRequest {
  readonly method = "GET";

  constructor(
    readonly url: URL,
    private readonly incoming: (name: string) => string | null,
  ) {}

  header(name: string): string | null {
    return FORWARDED.includes(name) ? this.incoming(name) : null;
  }

  headers(): Headers {
    const headers = new Headers();
    for (const name of FORWARDED) {
      const value = this.incoming(name);
      if (value) headers.set(name, value);
    }
    return headers;
  }

  request(): Request {
    return new Request(this.url, { headers: this.headers() });
  }
}

/** Foyer's raw answer as a {@link ServerAnswer}; an answer given only as a web `Response` is a redirect or a configuration error. */
async function serverAnswer<Body>(answer: ResponseInternal | Response, config: AuthConfig, action: string): Promise<ServerAnswer<Body>> {
  if (answer instanceof Response) {
    await answer.body?.cancel();
    const location = answer.headers.get("location");
    if (location) return { redirect: location, status: answer.status, cookies: [] };
    // A config that failed validation answers only as a web Response; throw its own error, typed.
    throw normalizeConfig(config).error ?? new InvalidConfiguration(`Foyer answered ${action} with status ${answer.status}; the server log says why.`);
  }
  return {
    status: answer.status ?? 200,
    cookies: answer.cookies ?? [],
    ...(answer.redirect !== undefined ? { redirect: answer.redirect } : {}),
    ...(answer.body !== undefined ? { body: asOnTheWire(answer.body) as Body } : {}),
  };
}

/**
 * The body as `GET {basePath}/session` would send it: through JSON, so a `Date` a `session` callback
 * returned (database sessions pass `expires` as a `Date`, as Auth.js does) reads as the ISO string a
 * browser sees, and server code and `useSession` get the same shape.
 */
function asOnTheWire(body: unknown): unknown {
  return typeof body === "object" && body !== null ? JSON.parse(JSON.stringify(body)) : body;
}

/** One cookie as a `Set-Cookie` header value, for frameworks that write headers. */
export function setCookieHeader(cookie: Cookie): string {
  return serializeCookie(cookie.name, cookie.value, cookie.options);
}
