/**
 * Options of {@link createAuthClient} and the per-client context derived from them. Nothing here
 * touches `location` (or any other browser global) until a function actually runs, so creating a
 * client, or importing this module, is safe during server rendering.
 *
 * @module
 */

/** Options of `createAuthClient()`. Every one has a browser default. */
export interface AuthClientOptions {
  /**
   * Where Foyer's handler is mounted: the config's `basePath`. Default `"/auth"`.
   * A trailing slash is ignored; a missing leading slash is added.
   */
  basePath?: string;
  /**
   * The origin Foyer is served from, e.g. `"https://example.com"`. Default: `location.origin` at the
   * time of each request (relative URLs when there is no `location`, as during server rendering).
   */
  baseUrl?: string;
  /**
   * The `fetch` to use. Default: the global `fetch`, looked up at call time. Every request passes
   * `credentials: "same-origin"`.
   */
  fetch?: typeof fetch;
  /**
   * Goes to a URL. Default: `location.assign(url)`, followed by `location.reload()` when the URL
   * differs from the current one only by its hash (which would otherwise not reload the page).
   */
  navigate?: (url: string) => void;
}

/**
 * What the client's modules share: requests, navigation and the current page. Internal to the client.
 * @internal
 */
export interface ClientContext {
  /** The URL of an action, e.g. `url("/csrf")` → `https://example.com/auth/csrf`. */
  url(path: string): string;
  /** Calls the configured fetch for the action at `path` with `credentials: "same-origin"`. May reject (network failure). */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  /** Navigates; a throwing `navigate` option is reported, never propagated. */
  navigate(url: string): void;
  /** `location.href`, when there is a location. */
  currentHref(): string | undefined;
}

/**
 * The browser's `location`, or `undefined` outside a browser. Read at call time only.
 * @internal
 */
export function browserLocation(): Location | undefined {
  return (globalThis as { location?: Location }).location;
}

/**
 * `basePath` with exactly one leading slash and no trailing slash (`"/"` becomes `""`). Leading
 * slashes and backslashes collapse to one, so a base path is always a path on this origin: `//host`
 * or `/\host` would otherwise be read as another host wherever the path is resolved on its own (a
 * script import, a fetch of a catalogue).
 */
export function normalizeBasePath(basePath: string | undefined): string {
  const path = (basePath ?? "/auth").replace(/^[/\\]+/, "").replace(/\/+$/, "");
  return path === "" ? "" : `/${path}`;
}

/**
 * The default navigation: `location.assign(url)`, plus `location.reload()` when only the hash
 * changes (assigning such a URL merely scrolls, and the caller wants the page to reflect the new
 * session). Does nothing without a `location`.
 *
 * @param url The URL to go to.
 */
export function defaultNavigate(url: string): void {
  const location = browserLocation();
  if (!location) return;
  const target = new URL(url, location.href);
  const hashOnly = target.hash !== "" && target.href.split("#")[0] === location.href.split("#")[0];
  location.assign(target.href);
  if (hashOnly) location.reload();
}

/** Reports an error thrown by application code (a listener, a `navigate` option) without rethrowing. */
export function reportError(error: unknown): void {
  ((globalThis as { reportError?: (error: unknown) => void }).reportError ?? console.error)(error);
}

/**
 * Builds the context of one client.
 * @internal
 */
export function createContext({ basePath, baseUrl, fetch: fetchImpl, navigate = defaultNavigate }: AuthClientOptions = {}): ClientContext {
  const base = normalizeBasePath(basePath);
  const origin = baseUrl?.replace(/\/+$/, "");
  const url = (path: string) => `${origin ?? browserLocation()?.origin ?? ""}${base}${path}`;
  return {
    url,
    // `.call(globalThis, …)`: a bare `window.fetch` passed as an option throws "Illegal invocation"
    // when called detached. The global fetch is looked up at call time.
    fetch: (path, init) => (fetchImpl ?? fetch).call(globalThis, url(path), { ...init, credentials: "same-origin" }),
    navigate(target) {
      try {
        navigate(target);
      } catch (error) {
        reportError(error);
      }
    },
    currentHref: () => browserLocation()?.href,
  };
}

/**
 * True when a URL returned by the server may be navigated to: `http:` or `https:` (relative URLs
 * count as the page's own scheme). Anything else (`javascript:`, `data:`) is refused.
 *
 * @param url The URL to check.
 */
export function isNavigable(url: string): boolean {
  try {
    return /^https?:$/.test(new URL(url, browserLocation()?.href ?? "http://client.invalid").protocol);
  } catch {
    return false;
  }
}
