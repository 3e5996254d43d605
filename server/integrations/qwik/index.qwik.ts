/**
 * `foyer-auth/qwik`: Foyer for Qwik City, with the API of `@auth/qwik`. An app written for
 * `@auth/qwik` switches by changing `@auth/qwik` to `foyer-auth/qwik` and
 * `@auth/qwik/providers/<id>` to `foyer-auth/providers/<id>` (docs/qwik.md).
 *
 * ```ts
 * // src/routes/plugin@auth.ts
 * import { QwikAuth$ } from "foyer-auth/qwik";
 * import GitHub from "foyer-auth/providers/github";
 *
 * export const { onRequest, useSession, useSignIn, useSignOut } = QwikAuth$(() => ({ providers: [GitHub] }));
 * ```
 *
 * This module is a Qwik library module (`*.qwik.js`, the package's `qwik` entry): the app's Qwik
 * optimizer compiles it with the app, and every call into the server side (`./handler.js`, which
 * holds `Auth()`) sits behind `isServer`, so the browser build drops it.
 *
 * @module foyer-auth/qwik
 */
import { implicit$FirstArg, inlinedQrl, useLexicalScope, type QRL } from "@builder.io/qwik";
import { isServer } from "@builder.io/qwik/build";
import { globalActionQrl, routeLoaderQrl, z, zodQrl, type Action, type Loader, type RequestEventCommon } from "@builder.io/qwik-city";
import type { Session } from "../../types.js";
import type * as ServerSide from "./handler.js";
import type { GetSessionResult, QwikAuthConfig, QwikEventLike } from "./handler.js";

export { AuthError, CredentialsSignin } from "../../core/errors.js";
/** The key under which a provider takes its own `fetch` (as `@auth/qwik` re-exports `@auth/core`'s). */
export { customFetch } from "../../core/custom-fetch.js";
export type { GetSessionResult, QwikAuthConfig, SignInInput } from "./handler.js";
export type { Account, DefaultSession, Profile, Session, User } from "../../types.js";

/** A failed validation, in the shape Qwik's `zod$` reports it (`action.value`): the first message of each field. */
export interface ActionFailure<Field extends string> {
  failed: true;
  formErrors: string[];
  fieldErrors: { [K in Field]?: string };
}

/** A successful action's value (the browser has been redirected by then). */
export interface ActionSuccess {
  failed?: undefined;
  formErrors?: undefined;
  fieldErrors?: undefined;
}

/** What `useSignIn().submit()` takes (and what a `<Form action={signIn}>` posts, `options.<field>` for the fields). */
export interface SignInFormInput {
  providerId?: string | undefined;
  redirectTo?: string | undefined;
  options?: { redirectTo?: string | undefined; [field: string]: unknown } | undefined;
  authorizationParams?: string | URLSearchParams | Record<string, string> | undefined;
}

/** What {@link QwikAuth$} returns. Export all four from `src/routes/plugin@auth.ts`. */
export interface QwikAuthResult {
  /** Answers Foyer's routes under the base path and reads the session of every other request into `event.sharedMap` (`"session"`). */
  onRequest: (event: RequestEventCommon) => Promise<void>;
  /** The session (`null` when signed out, and on any failure, which is logged). */
  useSession: Loader<Session | null>;
  /** Signs in: `submit({ providerId, options: { redirectTo, ...fields } })`, or a `<Form>`. */
  useSignIn: Action<ActionSuccess | ActionFailure<"providerId" | "redirectTo" | "options" | "authorizationParams">, SignInFormInput, false>;
  /** Signs out: `submit({ redirectTo })`, or a `<Form>`. */
  useSignOut: Action<ActionSuccess | ActionFailure<"redirectTo">, { redirectTo?: string | undefined }, false>;
}

/** The config function: the config for one request (it may read `event.env`, `event.platform`, …). */
export type QwikAuthConfigFunction = (event: RequestEventCommon) => QwikAuthConfig | Promise<QwikAuthConfig>;

/**
 * The server side (`Auth()` and everything it imports, `node:crypto` included), loaded on first use on
 * the server. The optimizer replaces `isServer` with `false` in the browser build, which leaves
 * `undefined` here: the import is gone before the bundler ever resolves it. A static import would
 * pull the whole server into the browser's module graph.
 */
const loadServerSide: (() => Promise<typeof ServerSide>) | undefined = isServer ? () => import("./handler.js") : undefined;

function serverSide(): Promise<typeof ServerSide> {
  if (!loadServerSide) throw new Error("foyer-auth/qwik: server code was called in the browser.");
  return loadServerSide();
}

/**
 * The session of the browser that sent `request`, for server code outside a Qwik request event (an
 * endpoint, a test): `data` is the session or `null`, `cookie` the `Set-Cookie` header(s) Foyer set
 * on the read (a re-sealed session, or the deletion of a dead one), or `null`. Fails closed: any
 * failure is logged and reads as `{ data: null, cookie: null }`.
 *
 * @param request The incoming request.
 * @param config The app's config.
 */
export async function getSessionData(request: Request, config: QwikAuthConfig): GetSessionResult {
  return (await serverSide()).getSessionData(request, config);
}

/** Provider ids are letters, digits, `-`, `_` and `.`: nothing that could change the path Foyer is called on. */
const PROVIDER_ID = /^[\w.-]{1,128}$/;
/** Where to land: a path on this site (not `//host`), or an http(s) URL, which Foyer's `redirect` callback then checks. */
const REDIRECT_TARGET = /^(?:\/(?![/\\])|https?:\/\/)[^\s]*$/i;

function redirectTarget(): z.ZodString {
  return z.string().max(2048).regex(REDIRECT_TARGET, "Must be a path on this site or an http(s) URL.");
}

/**
 * Sends the browser to `url` after an action. A `<Form>` posted without JavaScript gets a `303`. An
 * action Qwik's client posted (`…/q-data.json?qaction=…`) gets its answer as data: Qwik City turns a
 * thrown redirect there into a data request for the new page, which works only for a path on this
 * site, so the `Location` header is set instead, which Qwik's client follows as a navigation (the
 * provider's authorisation page of an OAuth sign-in included).
 */
function redirectAfterAction(event: RequestEventCommon, url: string): void {
  if (new URL(event.request.url).pathname.endsWith("/q-data.json")) {
    event.headers.set("Location", url);
    return;
  }
  throw event.redirect(303, url);
}

/** The Qwik request event as the server side reads it. */
function asEvent(event: RequestEventCommon): QwikEventLike {
  return event as unknown as QwikEventLike;
}

/**
 * `QwikAuth$` with the config function already a QRL (what the Qwik optimizer turns `QwikAuth$(…)`
 * into).
 *
 * @param config The config function as a QRL.
 */
export function QwikAuthQrl(config: QRL<QwikAuthConfigFunction>): QwikAuthResult {
  const useSignIn = globalActionQrl(
    /* @__PURE__ */ inlinedQrl(
      async (input: SignInFormInput, event: RequestEventCommon) => {
        const [configQrl] = useLexicalScope<[QRL<QwikAuthConfigFunction>]>();
        if (!isServer) return;
        const url = await (await serverSide()).signInAction(asEvent(event), (ev) => configQrl(ev as unknown as RequestEventCommon), input);
        redirectAfterAction(event, url);
      },
      "foyerQwikAuth_useSignIn_globalAction_fyrSgnIn7q",
      [config],
    ),
    zodQrl(
      /* @__PURE__ */ inlinedQrl(
        {
          providerId: z.string().regex(PROVIDER_ID, "Not a provider id.").optional(),
          redirectTo: redirectTarget().optional(),
          options: z.object({ redirectTo: redirectTarget() }).passthrough().partial().optional(),
          authorizationParams: z.union([z.string().max(4096), z.instanceof(URLSearchParams), z.record(z.string())]).optional(),
        },
        "foyerQwikAuth_useSignIn_globalAction_zod_fyrSgnInZ3",
      ),
    ),
  );

  const useSignOut = globalActionQrl(
    /* @__PURE__ */ inlinedQrl(
      async (input: { redirectTo?: string | undefined }, event: RequestEventCommon) => {
        const [configQrl] = useLexicalScope<[QRL<QwikAuthConfigFunction>]>();
        if (!isServer) return;
        const url = await (await serverSide()).signOutAction(asEvent(event), (ev) => configQrl(ev as unknown as RequestEventCommon), input);
        redirectAfterAction(event, url);
      },
      "foyerQwikAuth_useSignOut_globalAction_fyrSgnOut4",
      [config],
    ),
    zodQrl(/* @__PURE__ */ inlinedQrl({ redirectTo: redirectTarget().optional() }, "foyerQwikAuth_useSignOut_globalAction_zod_fyrSgnOutZ8")),
  );

  const useSession = routeLoaderQrl(
    /* @__PURE__ */ inlinedQrl(
      async (event: RequestEventCommon): Promise<Session | null> => {
        const [configQrl] = useLexicalScope<[QRL<QwikAuthConfigFunction>]>();
        if (!isServer) return null;
        return (await serverSide()).loadSession(asEvent(event), (ev) => configQrl(ev as unknown as RequestEventCommon));
      },
      "foyerQwikAuth_useSession_routeLoader_fyrSession2",
      [config],
    ),
  );

  const onRequest = async (event: RequestEventCommon): Promise<void> => {
    if (!isServer) return;
    const outcome = await (await serverSide()).handleRequest(asEvent(event), (ev) => config(ev as unknown as RequestEventCommon));
    if (outcome.kind === "respond") throw event.send(outcome.response);
  };

  return { onRequest, useSession, useSignIn, useSignOut } as QwikAuthResult;
}

/**
 * Sets up Foyer in a Qwik City app. Call it in `src/routes/plugin@auth.ts` and export what it returns:
 *
 * ```ts
 * export const { onRequest, useSession, useSignIn, useSignOut } = QwikAuth$((event) => ({
 *   providers: [Credentials({ credentials: { email: {}, password: {} }, authorize })],
 * }));
 * ```
 *
 * - Foyer's routes answer under `/auth` (or the config's `basePath`, or the path of `AUTH_URL`),
 *   with Foyer's CSRF check on. The actions are Qwik actions, guarded by Qwik City's origin check.
 * - `AUTH_SECRET` and host trust are read from `event.env` when the config leaves them out.
 * - The config function runs once per request; returning the same object each time lets Foyer prepare
 *   it only once.
 */
export const QwikAuth$: (config: QwikAuthConfigFunction) => QwikAuthResult = /* @__PURE__ */ implicit$FirstArg(QwikAuthQrl);
