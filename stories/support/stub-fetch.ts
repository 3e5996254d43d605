/**
 * A `fetch` stub that answers the elements' `{basePath}/*` requests from the answers the real server
 * gave (stories/support/recorded/*.json, written by `npm run record`), so stories and element tests
 * need no server. Nothing here invents a response shape: every body is a recording.
 *
 * The stub keeps the state the server would: whether the browser is signed in, and the user's
 * passkeys. A credentials sign-in with the recorded password answers with the recorded success and
 * signs in; any other password answers with the recorded `CredentialsSignin` failure; a sign-out
 * answers with the recorded sign-out and signs out; `GET /session` answers with the recorded session
 * or `null`. With `passkey: true` the server is the recorded passkey server: `webauthn-options`,
 * passkey callbacks (which sign in) and `account/passkeys`, whose list starts as a recording and then
 * follows the renames and removals the elements make (their answers stay the recorded ones). The
 * account routes (`account/profile`, `account/sessions`, `account/accounts` and their changes) answer
 * the recorded account server's answers; the sessions listed follow the sign-outs, and after a
 * disconnect the connected accounts are what the server listed after its own.
 *
 * Stories: add {@link authStub} as `beforeEach` and describe the story's server in
 * `parameters.auth` ({@link StubOptions}); read {@link activeStub} in `render` (for its `basePath`)
 * and in `play` (requests made, held requests to release). Tests: `const stub = createFetchStub(…)`,
 * `const restore = stub.install()`.
 *
 * Each installation gets its own `basePath` (`/auth/stub-<n>`): the elements cache providers, the
 * CSRF token and the session per base path for the life of the page, so a fresh one gives every
 * story a fresh client, as a page load would.
 */
import { LOGOS } from "../../server/pages/logos.generated.js";
import type { PasskeyInfo } from "../../ui/client/passkey-types.js";
import csrf from "./recorded/csrf.json" with { type: "json" };
import missingCsrf from "./recorded/missing-csrf.json" with { type: "json" };
import providers from "./recorded/providers.json" with { type: "json" };
import sessionSignedIn from "./recorded/session-signed-in.json" with { type: "json" };
import sessionSignedOut from "./recorded/session-signed-out.json" with { type: "json" };
import signinCredentialsSuccess from "./recorded/signin-credentials-success.json" with { type: "json" };
import signinCredentialsWrongPassword from "./recorded/signin-credentials-wrong-password.json" with { type: "json" };
import signinGithub from "./recorded/signin-github.json" with { type: "json" };
import signinGithubRedirect from "./recorded/signin-github-redirect.json" with { type: "json" };
import signout from "./recorded/signout.json" with { type: "json" };
import accountPasskeysEmpty from "./recorded/account-passkeys-empty.json" with { type: "json" };
import accountPasskeysFull from "./recorded/account-passkeys-full.json" with { type: "json" };
import accountPasskeysLast from "./recorded/account-passkeys-last.json" with { type: "json" };
import accountPasskeysLastMethod from "./recorded/account-passkeys-last-method.json" with { type: "json" };
import accountPasskeysRemove from "./recorded/account-passkeys-remove.json" with { type: "json" };
import accountPasskeysRename from "./recorded/account-passkeys-rename.json" with { type: "json" };
import accountPasskeysSignedOut from "./recorded/account-passkeys-signed-out.json" with { type: "json" };
import accountAccounts from "./recorded/account-accounts.json" with { type: "json" };
import accountAccountsNone from "./recorded/account-accounts-none.json" with { type: "json" };
import accountAccountsSignedOut from "./recorded/account-accounts-signed-out.json" with { type: "json" };
import accountAccountsUnlink from "./recorded/account-accounts-unlink.json" with { type: "json" };
import accountProfile from "./recorded/account-profile.json" with { type: "json" };
import accountProfileSignedOut from "./recorded/account-profile-signed-out.json" with { type: "json" };
import accountSessions from "./recorded/account-sessions.json" with { type: "json" };
import accountSessionsRevoke from "./recorded/account-sessions-revoke.json" with { type: "json" };
import accountSessionsRevokeOthers from "./recorded/account-sessions-revoke-others.json" with { type: "json" };
import accountSessionsSignedOut from "./recorded/account-sessions-signed-out.json" with { type: "json" };
import accountSessionsSingle from "./recorded/account-sessions-single.json" with { type: "json" };
import callbackPasskeyAccountNotLinked from "./recorded/callback-passkey-account-not-linked.json" with { type: "json" };
import callbackPasskeySignin from "./recorded/callback-passkey-signin.json" with { type: "json" };
import callbackPasskeySuccess from "./recorded/callback-passkey-success.json" with { type: "json" };
import callbackPasskeyVerificationError from "./recorded/callback-passkey-verification-error.json" with { type: "json" };
import providersPasskey from "./recorded/providers-passkey.json" with { type: "json" };
import webauthnOptionsAuthenticate from "./recorded/webauthn-options-authenticate.json" with { type: "json" };
import webauthnOptionsInvalid from "./recorded/webauthn-options-invalid.json" with { type: "json" };
import webauthnOptionsRegister from "./recorded/webauthn-options-register.json" with { type: "json" };

/** The recordings, by file name. */
export const RECORDED = {
  csrf,
  "missing-csrf": missingCsrf,
  providers,
  "session-signed-in": sessionSignedIn,
  "session-signed-out": sessionSignedOut,
  "signin-credentials-success": signinCredentialsSuccess,
  "signin-credentials-wrong-password": signinCredentialsWrongPassword,
  "signin-github": signinGithub,
  "signin-github-redirect": signinGithubRedirect,
  signout,
  "providers-passkey": providersPasskey,
  "webauthn-options-authenticate": webauthnOptionsAuthenticate,
  "webauthn-options-register": webauthnOptionsRegister,
  "webauthn-options-invalid": webauthnOptionsInvalid,
  "callback-passkey-success": callbackPasskeySuccess,
  "callback-passkey-signin": callbackPasskeySignin,
  "callback-passkey-verification-error": callbackPasskeyVerificationError,
  "callback-passkey-account-not-linked": callbackPasskeyAccountNotLinked,
  "account-passkeys-full": accountPasskeysFull,
  "account-passkeys-empty": accountPasskeysEmpty,
  "account-passkeys-last": accountPasskeysLast,
  "account-passkeys-rename": accountPasskeysRename,
  "account-passkeys-remove": accountPasskeysRemove,
  "account-passkeys-last-method": accountPasskeysLastMethod,
  "account-passkeys-signed-out": accountPasskeysSignedOut,
  "account-profile": accountProfile,
  "account-profile-signed-out": accountProfileSignedOut,
  "account-sessions": accountSessions,
  "account-sessions-single": accountSessionsSingle,
  "account-sessions-revoke": accountSessionsRevoke,
  "account-sessions-revoke-others": accountSessionsRevokeOthers,
  "account-sessions-signed-out": accountSessionsSignedOut,
  "account-accounts": accountAccounts,
  "account-accounts-none": accountAccountsNone,
  "account-accounts-unlink": accountAccountsUnlink,
  "account-accounts-signed-out": accountAccountsSignedOut,
} as const;

export type Recording = keyof typeof RECORDED;

/** The status each recording was answered with, where it is not 200. */
const STATUS: Partial<Record<Recording, number>> = {
  "webauthn-options-invalid": 400,
  "account-passkeys-signed-out": 401,
  "account-passkeys-last-method": 409,
  "account-profile-signed-out": 401,
  "account-sessions-signed-out": 401,
  "account-accounts-signed-out": 401,
};

/** One passkey as `GET /account/passkeys` lists it (the recordings' shape). */
export type RecordedPasskey = PasskeyInfo;

/** The origin the recordings were made on. */
const RECORDED_ORIGIN = "http://localhost:3000";

/** The password the recorded credentials provider accepts (scripts/record-responses.ts). */
export const PASSWORD = "correct horse battery staple";
/** The recorded user's name, as `GET /session` returns it. */
export const USER_NAME = sessionSignedIn.user.name;

/**
 * An action under the base path: `providers`, `csrf`, `session`, `signout`, `callback/<id>`,
 * `signin/<id>`, `webauthn-options/<id>`, and the passkey management routes.
 */
export type Route =
  | "providers"
  | "csrf"
  | "session"
  | "signout"
  | `callback/${string}`
  | `signin/${string}`
  | `webauthn-options/${string}`
  | "account/passkeys"
  | "account/passkeys/rename"
  | "account/passkeys/remove"
  | "account/profile"
  | "account/sessions"
  | "account/sessions/revoke"
  | "account/sessions/revoke-others"
  | "account/accounts"
  | "account/accounts/unlink";

/** How the stub answers one request: a recording (status 200), or no answer at all. */
export type StubAnswer = Recording | "network-error";

/** What the stub's server looks like for one story or test. */
export interface StubOptions {
  /** Signed in when the page loads. Default `false`. */
  signedIn?: boolean;
  /**
   * The signed-in user's avatar: `"inline"` (default) serves the recorded `https://example.com/…`
   * placeholder as an inline image, since stories have no network; `"none"` drops `image` as the
   * server does for a user without one; `"broken"` points it at a same-origin URL that does not load.
   */
  avatar?: "inline" | "none" | "broken";
  /** Answers used once each, in order, before the default answer of a route (e.g. a first `MissingCSRF`). */
  once?: Partial<Record<Route, StubAnswer[]>>;
  /** Answers that replace the default answer of a route for every request. */
  always?: Partial<Record<Route, StubAnswer>>;
  /** Routes whose requests wait until {@link FetchStub.release} is called (loading and busy states). */
  hold?: Route[];
  /** The server has a Passkey provider (`GET /providers` answers the passkey server's recording). Default `false`. */
  passkey?: boolean;
  /**
   * The credentials provider signs in with an e-mail address and a password, as
   * `Credentials({ credentials: { email: { type: "email" }, password: { type: "password" } } })` lists it: `GET /providers` answers the
   * recording with the `username` field listed as such an `email` field. Default `false` (a username).
   */
  emailCredentials?: boolean;
  /**
   * The signed-in user's passkeys, as `GET /account/passkeys` first lists them: three (`full`, the
   * default), none (`empty`), or one that is their only way in (`last`, `canRemove: false`).
   */
  passkeys?: "full" | "empty" | "last";
  /**
   * The signed-in user's sessions, as `GET /account/sessions` first lists them: this browser and two
   * others (`full`, the default), or this browser alone (`single`).
   */
  sessions?: "full" | "single";
  /** The connected accounts: GitHub, with Acme ID left to connect (`linked`, the default), or none (`none`). */
  accounts?: "linked" | "none";
}

/** One request the elements made. */
export interface StubRequest {
  method: string;
  route: Route;
  /** The posted fields (`csrfToken`, `callbackUrl`, credentials, …), from a form or a JSON body. */
  fields: Record<string, string>;
  /** The query parameters (e.g. `action` and `email` of `webauthn-options`). */
  query: Record<string, string>;
  headers: Headers;
}

export interface FetchStub {
  /** The base path this installation answers (`base-path` of the elements under test). */
  readonly basePath: string;
  /** Requests answered so far, in order. */
  readonly requests: readonly StubRequest[];
  /** Whether the stub's "server" has a session. */
  readonly signedIn: boolean;
  /** The signed-in user's passkeys as the stub's "server" now has them (after renames and removals). */
  readonly passkeys: readonly RecordedPasskey[];
  /**
   * Replaces `fetch`; returns the function that restores it (a Storybook `beforeEach` cleanup).
   * Requests still held at that point never complete.
   */
  install(): () => void;
  /** Lets held requests go on (all, or those of one route). */
  release(route?: Route): void;
  /** Resolves once a request for `route` is waiting (held) or has been answered. */
  requested(route: Route): Promise<void>;
  /** The requests made to one route. */
  requestsTo(route: Route): StubRequest[];
}

let installations = 0;
let active: FetchStub | undefined;

/** Creates a stub; nothing changes until {@link FetchStub.install}. */
export function createFetchStub(options: StubOptions = {}): FetchStub {
  let basePath = "/auth/stub";
  let signedIn = options.signedIn ?? false;
  const requests: StubRequest[] = [];
  // The user's passkeys: the chosen recording, then what the elements' renames and removals did to it,
  // as the server would (the answers themselves stay the recorded ones).
  const listRecording: Recording = `account-passkeys-${options.passkeys ?? "full"}`;
  const list = structuredClone(RECORDED[listRecording]) as { passkeys: RecordedPasskey[]; canRemove: boolean };
  // The user's sessions: the chosen recording, less those the element signs out.
  const sessionsRecording: Recording = options.sessions === "single" ? "account-sessions-single" : "account-sessions";
  const sessions = structuredClone(RECORDED[sessionsRecording]) as { sessions: { id: string; current: boolean }[] };
  // The connected accounts: after a disconnect, what the recorded server listed after its own.
  let accountsRecording: Recording = options.accounts === "none" ? "account-accounts-none" : "account-accounts";
  const once = new Map<string, StubAnswer[]>(Object.entries(options.once ?? {}).map(([route, answers]) => [route, [...(answers ?? [])]]));
  const held: { route: Route; go: () => void }[] = [];
  const released = new Set<string>();
  const waiters: { route: Route; resolve: () => void }[] = [];

  const notifyRequested = (route: Route) => {
    for (const waiter of waiters.filter((entry) => entry.route === route)) {
      waiter.resolve();
      waiters.splice(waiters.indexOf(waiter), 1);
    }
  };

  /** The default answer of a route, as the recorded server would give it. */
  const defaultAnswer = (request: StubRequest): StubAnswer | undefined => {
    const { method, route } = request;
    if (method === "GET" && route === "providers") return options.passkey ? "providers-passkey" : "providers";
    const passkeyAnswer = passkeyRoute(request);
    if (passkeyAnswer) return passkeyAnswer;
    const accountAnswer = accountRoute(request);
    if (accountAnswer) return accountAnswer;
    if (method === "GET" && route === "csrf") return "csrf";
    if (method === "GET" && route === "session") return signedIn ? "session-signed-in" : "session-signed-out";
    if (method === "POST" && route === "signout") return "signout";
    if (method === "POST" && route === "callback/credentials") {
      return request.fields.password === PASSWORD ? "signin-credentials-success" : "signin-credentials-wrong-password";
    }
    // OAuth and OIDC sign-in starts: the recorded answer is the server's error URL (recorded offline,
    // it could not reach the provider), so clicking a provider button never navigates the story away.
    if (method === "POST" && route.startsWith("signin/")) {
      const type = (providers as Record<string, { type: string } | undefined>)[route.slice("signin/".length)]?.type;
      if (type === "oauth" || type === "oidc") return "signin-github";
    }
    // Nothing recorded (e.g. an e-mail sign-in): answered 404, as an unknown route would be.
    return undefined;
  };

  /**
   * The passkey routes, as the recorded passkey server answers them: options to sign in, or to
   * register (signed in, or with an e-mail address); a ceremony's callback signs in; the management
   * routes need a session, and the last way in cannot be removed.
   */
  const passkeyRoute = (request: StubRequest): StubAnswer | undefined => {
    const { method, route, query, fields } = request;
    if (method === "GET" && route.startsWith("webauthn-options/")) {
      if (query.action !== "register") return "webauthn-options-authenticate";
      return signedIn || /^[^\s@]+@[^\s@]+$/.test(query.email ?? "") ? "webauthn-options-register" : "webauthn-options-invalid";
    }
    if (method === "POST" && route.startsWith("callback/") && fields.action && fields.data) {
      return fields.action === "register" ? "callback-passkey-success" : "callback-passkey-signin";
    }
    if (!route.startsWith("account/passkeys")) return undefined;
    if (!signedIn) return "account-passkeys-signed-out";
    if (method === "GET" && route === "account/passkeys") return listRecording;
    if (method === "POST" && route === "account/passkeys/rename") return "account-passkeys-rename";
    if (method === "POST" && route === "account/passkeys/remove") return list.canRemove ? "account-passkeys-remove" : "account-passkeys-last-method";
    return undefined;
  };

  /** The account area's routes (passkeys aside), as the recorded account server answers them. */
  const accountRoute = ({ method, route }: StubRequest): StubAnswer | undefined => {
    const area = /^account\/(profile|sessions|accounts)/.exec(route)?.[1];
    if (!area) return undefined;
    if (!signedIn) return `account-${area as "profile" | "sessions" | "accounts"}-signed-out`;
    if (method === "GET" && route === "account/profile") return "account-profile";
    if (method === "GET" && route === "account/sessions") return sessionsRecording;
    if (method === "POST" && route === "account/sessions/revoke") return "account-sessions-revoke";
    if (method === "POST" && route === "account/sessions/revoke-others") return "account-sessions-revoke-others";
    if (method === "GET" && route === "account/accounts") return accountsRecording;
    if (method === "POST" && route === "account/accounts/unlink") return "account-accounts-unlink";
    return undefined;
  };

  /** Applies a successful rename or removal to the stub's passkeys, as the server would. */
  const applyToList = (request: StubRequest, recording: Recording): void => {
    if (recording === "account-passkeys-rename") {
      const passkey = list.passkeys.find((candidate) => candidate.id === request.fields.id);
      if (passkey) passkey.name = request.fields.name ?? passkey.name;
    }
    if (recording === "account-sessions-revoke") sessions.sessions = sessions.sessions.filter((session) => session.id !== request.fields.id);
    if (recording === "account-sessions-revoke-others") sessions.sessions = sessions.sessions.filter((session) => session.current);
    if (recording === "account-accounts-unlink") accountsRecording = "account-accounts-none";
    if (recording === "account-passkeys-remove") {
      list.passkeys = list.passkeys.filter((candidate) => candidate.id !== request.fields.id);
      // What the recorded servers answer: the credentials provider keeps another way in (`full`,
      // `empty`), the passkey-only server does not (`last`).
      list.canRemove = listRecording !== "account-passkeys-last";
    }
  };

  const body = (recording: Recording): string => {
    let value: unknown = structuredClone(RECORDED[recording]);
    if (recording === listRecording) value = structuredClone(list);
    if (recording === sessionsRecording) value = structuredClone(sessions);
    if (recording === "providers" || recording === "providers-passkey") {
      value = inlineLogos(value as typeof providers);
      if (options.emailCredentials) value = withEmailCredentials(value as typeof providers);
    }
    if (recording === "session-signed-in") value = withAvatar(value as typeof sessionSignedIn, options.avatar ?? "inline", basePath);
    if (recording === "signin-credentials-success" || recording === "callback-passkey-success" || recording === "callback-passkey-signin") signedIn = true;
    if (recording === "signout") signedIn = false;
    // Recorded URLs name the recording server; the page's origin stands in for it.
    return JSON.stringify(value).replaceAll(RECORDED_ORIGIN, location.origin);
  };

  const answer = async (request: StubRequest): Promise<Response> => {
    requests.push(request);
    if (options.hold?.includes(request.route) && !released.has(request.route) && !released.has("*")) {
      const wait = new Promise<void>((go) => held.push({ route: request.route, go }));
      notifyRequested(request.route);
      await wait;
    } else {
      notifyRequested(request.route);
    }
    const queued = once.get(request.route)?.shift();
    const chosen = queued ?? options.always?.[request.route] ?? defaultAnswer(request);
    if (chosen === "network-error") throw new TypeError("Failed to fetch");
    if (chosen === undefined) return new Response("Not found", { status: 404 });
    applyToList(request, chosen);
    return new Response(body(chosen), { status: STATUS[chosen] ?? 200, headers: { "content-type": "application/json" } });
  };

  const stub: FetchStub = {
    get basePath() {
      return basePath;
    },
    get requests() {
      return requests;
    },
    get signedIn() {
      return signedIn;
    },
    get passkeys() {
      return list.passkeys;
    },
    install() {
      basePath = `/auth/stub-${++installations}`;
      const original = globalThis.fetch;
      const fake = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
        const url = new URL(input instanceof Request ? input.url : String(input), location.href);
        const route = url.origin === location.origin ? routeOf(url.pathname, basePath) : undefined;
        if (!route) return original.call(globalThis, input, init);
        const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
        const headers = new Headers(init?.headers);
        const query = Object.fromEntries(url.searchParams);
        return answer({ method, route, fields: fieldsOf(init?.body, headers), query, headers });
      };
      globalThis.fetch = fake as typeof fetch;
      active = stub;
      return () => {
        // Held requests stay pending: an element left over from a finished story must not fire
        // events into the next one.
        if (globalThis.fetch === fake) globalThis.fetch = original;
        if (active === stub) active = undefined;
      };
    },
    release(route) {
      released.add(route ?? "*");
      for (const entry of [...held]) {
        if (route !== undefined && entry.route !== route) continue;
        held.splice(held.indexOf(entry), 1);
        entry.go();
      }
    },
    requested(route) {
      if (requests.some((request) => request.route === route)) return Promise.resolve();
      return new Promise((resolve) => waiters.push({ route, resolve }));
    },
    requestsTo(route) {
      return requests.filter((request) => request.route === route);
    },
  };
  return stub;
}

/** The action of a path under `basePath`, or `undefined` for any other path. */
function routeOf(pathname: string, basePath: string): Route | undefined {
  if (!pathname.startsWith(`${basePath}/`)) return undefined;
  const rest = pathname.slice(basePath.length + 1);
  return /^(?:providers|csrf|session|signout|(?:callback|signin|webauthn-options)\/[\w-]+|account\/(?:passkeys(?:\/rename|\/remove)?|profile|sessions(?:\/revoke|\/revoke-others)?|accounts(?:\/unlink)?))$/.test(
    rest,
  )
    ? (rest as Route)
    : undefined;
}

/** The fields of a request body: a form's (text, `URLSearchParams`), or a JSON object's (values as text). */
function fieldsOf(body: BodyInit | null | undefined, headers: Headers): Record<string, string> {
  if (body instanceof URLSearchParams) return Object.fromEntries(body);
  if (typeof body !== "string") return {};
  if (!headers.get("content-type")?.includes("json")) return Object.fromEntries(new URLSearchParams(body));
  try {
    const parsed = JSON.parse(body) as Record<string, unknown>;
    return Object.fromEntries(Object.entries(parsed).map(([key, value]) => [key, typeof value === "string" ? value : JSON.stringify(value)]));
  } catch {
    return {};
  }
}

/**
 * Bundled provider logos are served by Foyer under `{basePath}/assets/`; stories have no server, so
 * each recorded logo URL becomes the same SVG inline (as stories/support/page-story.ts does).
 */
/** The provider list with the credentials provider's `username` field as the server lists a field named `email`. */
function withEmailCredentials(list: typeof providers): typeof providers {
  const credentials = list.credentials as { fields: { name: string; label: string; type: string; autocomplete?: string }[] };
  credentials.fields = credentials.fields.map((field) =>
    field.name === "username" ? { name: "email", label: "Email", type: "email", autocomplete: "email" } : field,
  );
  return list;
}

function inlineLogos(list: typeof providers): typeof providers {
  for (const provider of Object.values(list) as { style?: { logo?: string } }[]) {
    const logo = provider.style?.logo;
    const match = logo ? /\/assets\/logos\/([a-z0-9-]+)\.(fff|000)\./.exec(logo) : null;
    const bundled = match ? LOGOS[match[1]!] : undefined;
    if (!provider.style || !match || !bundled) continue;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="#${match[2]}"><path d="${bundled.path}"/></svg>`;
    provider.style.logo = `data:image/svg+xml;base64,${btoa(svg)}`;
  }
  return list;
}

/** An avatar drawn inline for the recorded placeholder image (stories make no third-party requests). */
export const INLINE_AVATAR = `data:image/svg+xml;base64,${btoa(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" fill="#0e7490"/><circle cx="20" cy="15" r="7" fill="#fff"/><path d="M6 38c2-9 8-13 14-13s12 4 14 13z" fill="#fff"/></svg>',
)}`;

function withAvatar(session: typeof sessionSignedIn, avatar: NonNullable<StubOptions["avatar"]>, basePath: string): object {
  const { image: _image, ...user } = session.user;
  if (avatar === "none") return { ...session, user };
  return { ...session, user: { ...user, image: avatar === "broken" ? `${basePath}/missing-avatar.png` : INLINE_AVATAR } };
}

/**
 * Storybook `beforeEach`: installs a stub described by the story's `parameters.auth` and returns
 * the cleanup that removes it.
 */
export function authStub(context: { parameters: { auth?: StubOptions } }): () => void {
  return createFetchStub(context.parameters.auth ?? {}).install();
}

/** The stub of the story being rendered (set by {@link authStub}). */
export function activeStub(): FetchStub {
  if (!active) throw new Error("No fetch stub is installed: add `beforeEach: authStub` to the story's meta.");
  return active;
}
