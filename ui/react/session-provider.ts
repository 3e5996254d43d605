"use client";
/**
 * `<SessionProvider>`, `useSession()` and `SessionContext`: the session as React state, kept current
 * by the refetch rules of next-auth/react (interval, tab focus, other tabs) on Foyer's client.
 *
 * @module
 */
import { createContext, createElement, useContext, useEffect, useMemo, useRef, useState, type Context, type ReactElement } from "react";
import type { Session } from "../../server/types.js";
import { otherClientsOnly, notify } from "../client/broadcast.js";
import { postSessionUpdate } from "../client/session.js";
import { mountProvider, publishSession, readSession, refreshSessions, supersedePendingReads, watchSessionChanges, type SessionRead } from "./session-sync.js";
import { configureSharedClient, sharedClient } from "./shared-client.js";
import type { SessionContextValue, SessionProviderProps, UpdateSession, UseSessionOptions } from "./types.js";

/**
 * The React context `<SessionProvider>` fills and `useSession()` reads. Exported as next-auth does,
 * e.g. to give components a fixed session in tests or stories
 * (`<SessionContext.Provider value={{ data, status: "authenticated", update }}>`).
 */
export const SessionContext: Context<SessionContextValue | undefined> = createContext<SessionContextValue | undefined>(undefined);

/** Two sessions with the same JSON: a server render that passes an equal session changes nothing. */
function sameSession(a: Session | null | undefined, b: Session | null | undefined): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/** `navigator.onLine`, kept current by the `online` and `offline` events (`true` where there is no navigator). */
function useOnline(): boolean {
  const [online, setOnline] = useState(() => (typeof navigator === "undefined" ? true : navigator.onLine));
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener("online", on);
    window.addEventListener("offline", off);
    return () => {
      window.removeEventListener("online", on);
      window.removeEventListener("offline", off);
    };
  }, []);
  return online;
}

/**
 * Makes the session available to `useSession()` below it, and keeps it current:
 *
 * - `session` given (e.g. `await auth()` in a server component, or `null`): shown from the first
 *   render, with no request and no `"loading"`; a later server render with a different session
 *   replaces it. Not given: fetched once on mount (`status: "loading"` until then).
 * - Fetched again when the tab becomes visible (`refetchOnWindowFocus`, default `true`), every
 *   `refetchInterval` seconds while signed in (paused offline with `refetchWhenOffline={false}`), and
 *   whenever another tab, or another Foyer client in this one, signs in, signs out or updates the
 *   session (`foyer-auth/client`'s `BroadcastChannel`).
 * - `basePath` (default `/api/auth`) and `baseUrl` also apply to `signIn()`, `signOut()` and the
 *   other functions of this module.
 *
 * A fetch that fails (network, server error) keeps the session shown.
 *
 * ```tsx
 * // app/layout.tsx (a server component)
 * export default async function RootLayout({ children }) {
 *   return <html><body><SessionProvider session={await auth()}>{children}</SessionProvider></body></html>;
 * }
 * ```
 *
 * @param props See {@link SessionProviderProps}.
 */
export function SessionProvider(props: SessionProviderProps): ReactElement {
  const { children, basePath, baseUrl, refetchInterval, refetchOnWindowFocus = true, refetchWhenOffline } = props;
  // During render, as next-auth: children's effects may call signIn() before this provider's effects run.
  const client = configureSharedClient({ basePath, baseUrl });
  const hasInitialSession = props.session !== undefined;
  const [session, setSession] = useState<Session | null | undefined>(props.session);
  const [loading, setLoading] = useState(!hasInitialSession);

  // A later server render that passes a different session wins (e.g. after a server action signed in).
  const [serverSession, setServerSession] = useState(props.session);
  if (props.session !== serverSession) {
    setServerSession(props.session);
    if (props.session !== undefined) {
      if (!sameSession(props.session, session)) setSession(props.session);
      setLoading(false);
      supersedePendingReads(); // a fetch started before this render must not bring the old session back
    }
  }

  // The interval callback reads the current session without restarting the timer on every change.
  const sessionRef = useRef(session);
  useEffect(() => {
    sessionRef.current = session;
  }, [session]);

  useEffect(() => {
    const unmount = mountProvider((read: SessionRead) => {
      if (read.ok) setSession((shown) => (sameSession(shown, read.session) ? shown : read.session));
      setLoading(false);
    });
    if (!hasInitialSession) void refreshSessions();
    return unmount;
    // Mount only: `hasInitialSession` describes the first render, as in next-auth.
  }, []);

  useEffect(() => watchSessionChanges(client.bus), [client]);

  useEffect(() => {
    if (!refetchOnWindowFocus) return;
    const onVisibility = () => {
      if (document.visibilityState === "visible") void refreshSessions();
    };
    document.addEventListener("visibilitychange", onVisibility);
    return () => document.removeEventListener("visibilitychange", onVisibility);
  }, [refetchOnWindowFocus]);

  const online = useOnline();
  const polls = Boolean(refetchInterval) && (refetchWhenOffline !== false || online);
  useEffect(() => {
    if (!polls || !refetchInterval) return;
    const timer = setInterval(() => {
      if (sessionRef.current) void refreshSessions();
    }, refetchInterval * 1000);
    return () => clearInterval(timer);
  }, [polls, refetchInterval]);

  const value = useMemo<SessionContextValue>(() => {
    const update: UpdateSession = async (data?: unknown) => {
      if (loading) return null;
      const shared = sharedClient();
      if (data === undefined) {
        const read = await readSession(shared);
        if (!read.ok) return null;
        publishSession(read.session);
        notify(otherClientsOnly(shared.bus), "update");
        return read.session;
      }
      const result = await postSessionUpdate(shared.ctx, shared.csrf, otherClientsOnly(shared.bus), data);
      if (!result.ok) return null;
      publishSession(result.session);
      return result.session;
    };
    if (loading) return { data: null, status: "loading", update };
    return session ? { data: session, status: "authenticated", update } : { data: null, status: "unauthenticated", update };
  }, [session, loading]);

  return createElement(SessionContext.Provider, { value }, children);
}

/**
 * The session of the nearest `<SessionProvider>`: `{ data, status, update }`, where `status` is
 * `"loading"`, `"authenticated"` (then `data` is the session) or `"unauthenticated"`.
 *
 * With `required: true`, a signed-out visitor is sent to `{basePath}/signin?error=SessionRequired&callbackUrl=<this page>`
 * (or `onUnauthenticated()` runs instead) and the hook keeps returning `"loading"`.
 *
 * ```tsx
 * const { data: session, status, update } = useSession({ required: true });
 * if (status === "loading") return <p>Loading…</p>;
 * return <button onClick={() => update({ name: "Grace" })}>Hello {session.user?.name}</button>;
 * ```
 *
 * @param options `required` and `onUnauthenticated`.
 * @throws {Error} When there is no `<SessionProvider>` above.
 */
export function useSession<R extends boolean>(options?: UseSessionOptions<R>): SessionContextValue<R> {
  const value = useContext(SessionContext);
  if (!value) throw new Error("[foyer-auth]: `useSession` must be wrapped in a <SessionProvider />");
  const { required, onUnauthenticated } = options ?? {};
  const sendAway = Boolean(required) && value.status === "unauthenticated";
  useEffect(() => {
    if (!sendAway) return;
    if (onUnauthenticated) {
      onUnauthenticated();
      return;
    }
    const { ctx } = sharedClient();
    const query = new URLSearchParams({ error: "SessionRequired", callbackUrl: ctx.currentHref() ?? "/" });
    ctx.navigate(ctx.url(`/signin?${query}`));
  }, [sendAway, onUnauthenticated]);
  if (sendAway) return { data: null, status: "loading", update: value.update } as SessionContextValue<R>;
  return value as SessionContextValue<R>;
}
