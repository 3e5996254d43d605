/** @jsxImportSource react */
/**
 * foyer-auth/react with real React 19 in real Chromium (the "react" Vitest project), against a real
 * Foyer mounted under /api/auth on the test server's own origin (scripts/vite-foyer-react-server.ts):
 * real cookies, real CSRF, real session JSON. Other tabs are iframes running
 * ui/react/fixtures/tab-app.tsx, each with its own copy of the module, talking over the real
 * BroadcastChannel; pages that navigate also run in an iframe, so this page stays put.
 */
import { act, type ReactNode } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import type { TabControl } from "./fixtures/tab-app.js";
import {
  getCsrfToken,
  getProviders,
  getSession,
  SessionProvider,
  signIn,
  signOut,
  useSession,
  type SessionContextValue,
  type SessionProviderProps,
  type UseSessionOptions,
} from "./index.js";

const USER = { email: "ada@example.com", password: "correct horse" };

/** The requests Foyer answered since the test began, as `METHOD /path?query`. */
async function requests(): Promise<string[]> {
  return (await (await fetch("/__foyer-react/requests")).json()) as string[];
}

/** Signs in with plain requests, the way another tab or a server action would: this page's module is not told. */
async function signInBehindTheBack(): Promise<void> {
  const { csrfToken } = (await (await fetch("/api/auth/csrf")).json()) as { csrfToken: string };
  const answer = await fetch("/api/auth/callback/credentials", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "x-auth-return-redirect": "1" },
    body: new URLSearchParams({ csrfToken, ...USER }),
  });
  expect(((await answer.json()) as { url: string }).url).not.toContain("error");
}

/** What a probe saw: each status it rendered (repeats collapsed) and its last value. */
interface Seen {
  statuses: string[];
  last?: SessionContextValue<boolean>;
}

function Probe({ seen, options }: { seen: Seen; options?: UseSessionOptions<boolean> }) {
  const value = useSession(options);
  if (seen.statuses.at(-1) !== value.status) seen.statuses.push(value.status);
  seen.last = value;
  return <p data-testid="probe">{value.data?.user?.name ?? value.status}</p>;
}

let roots: Root[] = [];

/**
 * Runs `work` inside React's `act()`: every state update it caused, up to the moment its promise
 * settles, is rendered when this resolves, and nothing after. So "useSession shows X once signIn()
 * resolves" is checked as stated, not eventually.
 */
async function acting<T>(work: () => Promise<T>): Promise<T> {
  const env = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  env.IS_REACT_ACT_ENVIRONMENT = true;
  try {
    let result: T | undefined;
    await act(async () => {
      result = await work();
    });
    return result as T;
  } finally {
    env.IS_REACT_ACT_ENVIRONMENT = false;
  }
}

/** Renders `<SessionProvider {...props}><Probe/></SessionProvider>`; returns what the probe sees. */
async function renderProvider(props: Omit<SessionProviderProps, "children"> = {}, options?: UseSessionOptions<boolean>) {
  const seen: Seen = { statuses: [] };
  const container = document.createElement("div");
  document.body.append(container);
  const root = createRoot(container);
  roots.push(root);
  const tree = (next: Omit<SessionProviderProps, "children">): ReactNode => (
    <SessionProvider refetchOnWindowFocus={false} {...next}>
      <Probe seen={seen} options={options} />
    </SessionProvider>
  );
  await acting(async () => root.render(tree(props))); // the first render and its effects, as on a page load
  return { seen, rerender: (next: Omit<SessionProviderProps, "children">) => root.render(tree(next)) };
}

/** Loads the tab page in an iframe and waits for its probe. */
async function openTab(query = ""): Promise<{ frame: HTMLIFrameElement; tab: () => TabControl; status: () => string | undefined; name: () => string }> {
  const frame = document.createElement("iframe");
  frame.src = `/__foyer-react/tab${query}`;
  document.body.append(frame);
  onTestFinished(() => frame.remove());
  const probe = () => frame.contentDocument?.getElementById("probe") ?? null;
  await vi.waitFor(() => expect(probe()?.dataset.status).toBeDefined(), { timeout: 10_000 });
  return {
    frame,
    tab: () => (frame.contentWindow as unknown as { tab: TabControl }).tab,
    status: () => probe()?.dataset.status,
    name: () => probe()?.textContent ?? "",
  };
}

beforeEach(async () => {
  await fetch("/__foyer-react/reset");
});
afterEach(() => {
  for (const root of roots) root.unmount();
  roots = [];
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

describe("SessionProvider and useSession", () => {
  it("goes loading → unauthenticated, then authenticated after signIn(redirect: false) and back after signOut(redirect: false)", async () => {
    const { seen } = await renderProvider();
    await vi.waitFor(() => expect(seen.last?.status).toBe("unauthenticated"));
    expect(seen.statuses).toEqual(["loading", "unauthenticated"]);

    const result = await acting(() => signIn("credentials", { ...USER, redirect: false }));
    expect(result).toEqual({ error: undefined, code: undefined, status: 200, ok: true, url: location.href });
    // Visible to useSession by the time signIn resolves: a page that routes on it finds the user.
    expect(seen.last).toMatchObject({ status: "authenticated", data: { user: { name: "Ada", email: USER.email } } });

    const out = await acting(() => signOut({ redirect: false, redirectTo: "/bye" }));
    expect(out).toEqual({ url: `${location.origin}/bye` });
    expect(seen.last).toMatchObject({ status: "unauthenticated", data: null });
    expect(seen.statuses).toEqual(["loading", "unauthenticated", "authenticated", "unauthenticated"]);
    expect(await getSession()).toBeNull();
  });

  it("shows a session passed from the server at once: no loading, no request; a later server session replaces it", async () => {
    await signInBehindTheBack();
    const before = (await requests()).length;
    const fromServer = (await getSession())!;
    const { seen, rerender } = await renderProvider({ session: fromServer });
    expect(seen.statuses).toEqual(["authenticated"]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await requests()).slice(before + 1)).toEqual([]); // only getSession() above asked
    expect(seen.statuses).toEqual(["authenticated"]);

    // The server renders again after a server-side change: the provider takes the new session.
    rerender({ session: { ...fromServer, user: { ...fromServer.user, name: "Grace" } } });
    await vi.waitFor(() => expect(seen.last?.data?.user?.name).toBe("Grace"));
    rerender({ session: null });
    await vi.waitFor(() => expect(seen.last?.status).toBe("unauthenticated"));
  });

  it("treats session={null} as known signed out: unauthenticated from the first render, no request", async () => {
    const before = (await requests()).length;
    const { seen } = await renderProvider({ session: null });
    expect(seen.statuses).toEqual(["unauthenticated"]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await requests()).length).toBe(before);
  });

  it("throws without a SessionProvider", () => {
    function Lonely() {
      useSession();
      return null;
    }
    const errors: unknown[] = [];
    const container = document.createElement("div");
    const root = createRoot(container, { onUncaughtError: (error) => errors.push(error) });
    roots.push(root);
    root.render(<Lonely />);
    return vi.waitFor(() => expect(String(errors[0])).toContain("`useSession` must be wrapped in a <SessionProvider />"));
  });
});

describe("useSession({ required })", () => {
  it("calls onUnauthenticated for a signed-out visitor and reports loading instead of unauthenticated", async () => {
    const onUnauthenticated = vi.fn();
    const { seen } = await renderProvider({}, { required: true, onUnauthenticated });
    await vi.waitFor(() => expect(onUnauthenticated).toHaveBeenCalledOnce());
    expect(seen.statuses).toEqual(["loading"]);
  });

  it("is authenticated for a signed-in visitor and never calls onUnauthenticated", async () => {
    await signInBehindTheBack();
    const onUnauthenticated = vi.fn();
    const { seen } = await renderProvider({}, { required: true, onUnauthenticated });
    await vi.waitFor(() => expect(seen.last?.status).toBe("authenticated"));
    expect(seen.statuses).toEqual(["loading", "authenticated"]);
    expect(onUnauthenticated).not.toHaveBeenCalled();
  });

  it("by default sends the visitor to {basePath}/signin with error=SessionRequired and the page as callbackUrl", async () => {
    const frame = document.createElement("iframe");
    frame.src = "/__foyer-react/tab?required";
    document.body.append(frame);
    const tabUrl = `${location.origin}/__foyer-react/tab?required`;
    const expected = `/api/auth/signin?${new URLSearchParams({ error: "SessionRequired", callbackUrl: tabUrl })}`;
    await vi.waitFor(async () => expect(await requests()).toContain(`GET ${expected}`), { timeout: 10_000 });
  });
});

describe("update()", () => {
  it("posts the data with the CSRF token, shows the new session here and in another tab, and refetches without data", async () => {
    await signInBehindTheBack();
    const other = await openTab();
    await vi.waitFor(() => expect(other.status()).toBe("authenticated"));
    const { seen } = await renderProvider();
    await vi.waitFor(() => expect(seen.last?.status).toBe("authenticated"));
    const before = (await requests()).length;
    const spy = vi.spyOn(globalThis, "fetch");

    const updated = await acting(() => seen.last!.update({ name: "Grace" }));
    const post = spy.mock.calls.find(([url, init]) => String(url).endsWith("/api/auth/session") && init?.method === "POST");
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ csrfToken: expect.stringMatching(/^[0-9a-f]{64}$/), data: { name: "Grace" } });
    expect(updated).toMatchObject({ user: { name: "Grace", email: USER.email } });
    expect(seen.last?.data?.user?.name).toBe("Grace");
    expect(seen.statuses).toEqual(["loading", "authenticated"]); // no loading flash during the update
    // One POST (the CSRF token is already cached in the page; Foyer answers 400 without a valid one).
    expect((await requests()).slice(before).filter((request) => request.startsWith("POST"))).toEqual(["POST /api/auth/session"]);
    await vi.waitFor(() => expect(other.name()).toBe("Grace"));

    // Without data: a plain refetch (GET), also told to the other tab.
    const again = await acting(() => seen.last!.update());
    expect(again).toMatchObject({ user: { name: "Grace" } });
    expect((await requests()).at(-1)).toBe("GET /api/auth/session");
  });

  it("reports null and keeps the session when the update is refused", async () => {
    await signInBehindTheBack();
    const { seen } = await renderProvider();
    await vi.waitFor(() => expect(seen.last?.status).toBe("authenticated"));
    vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response("boom", { status: 500 }));
    expect(await acting(() => seen.last!.update({ name: "Mallory" }))).toBeNull();
    expect(seen.last).toMatchObject({ status: "authenticated", data: { user: { name: "Ada" } } });
  });
  it("shows the visitor signed out when the update ends the session", async () => {
    await signInBehindTheBack();
    const { seen } = await renderProvider();
    await vi.waitFor(() => expect(seen.last?.status).toBe("authenticated"));
    expect(await acting(() => seen.last!.update({ end: true }))).toBeNull();
    expect(seen.last).toMatchObject({ status: "unauthenticated", data: null });
  });
});

describe("other tabs", () => {
  it("follows a sign-in and a sign-out made in another tab, and the other tab follows this one", async () => {
    const { seen } = await renderProvider();
    await vi.waitFor(() => expect(seen.last?.status).toBe("unauthenticated"));
    const other = await openTab();
    await vi.waitFor(() => expect(other.status()).toBe("unauthenticated"));

    const result = await other.tab().signIn("credentials", { ...USER, redirect: false });
    expect(result.ok).toBe(true);
    await vi.waitFor(() => expect(other.status()).toBe("authenticated"));
    await vi.waitFor(() => expect(seen.last?.status).toBe("authenticated"));

    await acting(() => signOut({ redirect: false }));
    expect(seen.last?.status).toBe("unauthenticated");
    await vi.waitFor(() => expect(other.status()).toBe("unauthenticated"));
  });
});

describe("refetching", () => {
  it("polls every refetchInterval seconds while signed in, and not while offline with refetchWhenOffline={false}", async () => {
    await signInBehindTheBack();
    const { seen, rerender } = await renderProvider({ refetchInterval: 0.2 });
    await vi.waitFor(() => expect(seen.last?.status).toBe("authenticated"));
    const sessionReads = async () => (await requests()).filter((request) => request === "GET /api/auth/session").length;
    const start = await sessionReads();
    await vi.waitFor(async () => expect(await sessionReads()).toBeGreaterThanOrEqual(start + 2), { timeout: 3000 });

    rerender({ refetchInterval: 0.2, refetchWhenOffline: false });
    const online = vi.spyOn(navigator, "onLine", "get").mockReturnValue(false);
    window.dispatchEvent(new Event("offline"));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const offline = await sessionReads();
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(await sessionReads()).toBe(offline);

    online.mockReturnValue(true);
    window.dispatchEvent(new Event("online"));
    await vi.waitFor(async () => expect(await sessionReads()).toBeGreaterThan(offline), { timeout: 3000 });
  });

  it("does not poll while signed out", async () => {
    const { seen } = await renderProvider({ refetchInterval: 0.2 });
    await vi.waitFor(() => expect(seen.last?.status).toBe("unauthenticated"));
    const count = (await requests()).length;
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect((await requests()).length).toBe(count);
  });

  it("refetches when the tab becomes visible (refetchOnWindowFocus), and picks up a session made elsewhere", async () => {
    const { seen } = await renderProvider({ refetchOnWindowFocus: true });
    await vi.waitFor(() => expect(seen.last?.status).toBe("unauthenticated"));
    await signInBehindTheBack(); // e.g. an OAuth sign-in finished in another tab: nobody broadcast it
    expect(document.visibilityState).toBe("visible");
    document.dispatchEvent(new Event("visibilitychange"));
    await vi.waitFor(() => expect(seen.last?.status).toBe("authenticated"));
  });

  it("ignores visibility changes with refetchOnWindowFocus={false}", async () => {
    const { seen } = await renderProvider({ refetchOnWindowFocus: false });
    await vi.waitFor(() => expect(seen.last?.status).toBe("unauthenticated"));
    const count = (await requests()).length;
    document.dispatchEvent(new Event("visibilitychange"));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await requests()).length).toBe(count);
  });

  it("keeps the session shown when a refetch fails", async () => {
    await signInBehindTheBack();
    const { seen } = await renderProvider({ refetchOnWindowFocus: true });
    await vi.waitFor(() => expect(seen.last?.status).toBe("authenticated"));
    const failing = vi.spyOn(globalThis, "fetch").mockRejectedValue(new TypeError("Failed to fetch"));
    document.dispatchEvent(new Event("visibilitychange"));
    await vi.waitFor(() => expect(failing).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen.last?.status).toBe("authenticated");
  });
});

describe("signIn", () => {
  it("with redirect: false and a wrong password: the error and code, no session, no navigation", async () => {
    const { seen } = await renderProvider();
    await vi.waitFor(() => expect(seen.last?.status).toBe("unauthenticated"));
    const wrong = await signIn("credentials", { email: USER.email, password: "wrong", redirect: false });
    expect(wrong).toEqual({ error: "CredentialsSignin", code: "credentials", status: 200, ok: false, url: null });
    const expired = await signIn("credentials", { email: USER.email, password: "expired", redirect: false });
    expect(expired).toMatchObject({ error: "CredentialsSignin", code: "expired", ok: false, url: null });
    expect(seen.last?.status).toBe("unauthenticated");
    expect(await getSession()).toBeNull();
  });

  it("with redirect: false for OAuth: the provider's authorization URL, without navigating", async () => {
    const result = await signIn("github", { redirect: false, redirectTo: "/dashboard" }, { prompt: "consent" });
    expect(result).toMatchObject({ ok: true, status: 200, error: undefined });
    const url = new URL(result.url!);
    expect(url.origin + url.pathname).toBe("https://github.com/login/oauth/authorize");
    expect(url.searchParams.get("client_id")).toBe("react-tests");
    expect(url.searchParams.get("prompt")).toBe("consent");
    expect(location.pathname).not.toContain("github");
  });

  it("posts strings, numbers and booleans as form fields, and leaves undefined, null and objects out", async () => {
    const spy = vi.spyOn(globalThis, "fetch");
    const options = { ...USER, remember: true, attempt: 2, nothing: undefined, empty: null, nested: { a: 1 }, redirect: false as const };
    expect(await signIn("credentials", options)).toMatchObject({ ok: true });
    const post = spy.mock.calls.find(([url, init]) => String(url).endsWith("/api/auth/callback/credentials") && init?.method === "POST");
    const fields = Object.fromEntries(new URLSearchParams(String(post?.[1]?.body)));
    expect(Object.keys(fields).sort()).toEqual(["attempt", "callbackUrl", "csrfToken", "email", "password", "remember"]);
    expect(fields).toMatchObject({ remember: "true", attempt: "2", callbackUrl: location.href });
  });

  it("throws a TypeError for a WebAuthn provider, pointing to the passkey client", async () => {
    await expect(signIn("passkey", { redirect: false })).rejects.toThrow(/WebAuthn provider.*signInWithPasskey\(\) from "foyer-auth\/client\/passkey"/);
  });

  it("with redirect: false and an unknown provider: a Configuration error", async () => {
    expect(await signIn("nope", { redirect: false })).toEqual({ error: "Configuration", code: undefined, status: 0, ok: false, url: null });
  });

  it("by default navigates where the server says: the callback URL on success, the sign-in page with the error on failure", async () => {
    const tab = await openTab();
    const tabUrl = `${location.origin}/__foyer-react/tab`;
    void tab.tab().signIn("credentials", { email: USER.email, password: "wrong" });
    const failedAt = `/api/auth/signin?${new URLSearchParams({ error: "CredentialsSignin", code: "credentials" })}`;
    await vi.waitFor(async () => expect((await requests()).some((request) => request.startsWith(`GET ${failedAt}`))).toBe(true), { timeout: 10_000 });

    const again = await openTab();
    void again.tab().signIn("credentials", USER); // back to the page it was called on, now signed in
    await vi.waitFor(() => expect(again.status()).toBe("authenticated"), { timeout: 10_000 });
    expect(again.frame.contentWindow!.location.href).toBe(tabUrl);

    void again.tab().signOut(); // and out again, by navigation
    await vi.waitFor(() => expect(again.status()).toBe("unauthenticated"), { timeout: 10_000 });
  });

  it("without a provider goes to the sign-in page with the page as callbackUrl", async () => {
    const tab = await openTab();
    void tab.tab().signIn(undefined, { redirectTo: "/after" });
    const expected = `/api/auth/signin?${new URLSearchParams({ callbackUrl: "/after" })}`;
    await vi.waitFor(async () => expect(await requests()).toContain(`GET ${expected}`), { timeout: 10_000 });
  });
});

describe("signOut", () => {
  it("rejects, and keeps the session shown, when the server could not sign the visitor out", async () => {
    await signInBehindTheBack();
    const { seen } = await renderProvider();
    await vi.waitFor(() => expect(seen.last?.status).toBe("authenticated"));
    vi.spyOn(globalThis, "fetch").mockRejectedValue(new TypeError("Failed to fetch"));
    await expect(acting(() => signOut({ redirect: false }))).rejects.toThrow("signOut failed with NetworkError");
    expect(seen.last?.status).toBe("authenticated");
    vi.restoreAllMocks();
    expect(await getSession()).not.toBeNull();
  });
});

describe("getSession, getCsrfToken, getProviders", () => {
  it("read the server and tell the page's providers what getSession() saw", async () => {
    const { seen } = await renderProvider();
    await vi.waitFor(() => expect(seen.last?.status).toBe("unauthenticated"));
    expect(await getCsrfToken()).toMatch(/^[0-9a-f]{64}$/);
    const providers = await getProviders();
    expect(Object.keys(providers ?? {}).sort()).toEqual(["credentials", "github", "passkey"]);
    expect(providers?.github).toMatchObject({ id: "github", type: "oauth", signinUrl: `${location.origin}/api/auth/signin/github` });

    expect(await getSession()).toBeNull();
    await signInBehindTheBack();
    expect(await acting(() => getSession())).toMatchObject({ user: { name: "Ada" }, expires: expect.any(String) });
    expect(seen.last?.status).toBe("authenticated");
  });
});

describe("basePath", () => {
  it("applies the provider's basePath to every function of the page (until another provider names one)", async () => {
    const spy = vi.spyOn(globalThis, "fetch");
    await renderProvider({ basePath: "/api/elsewhere/", session: null });
    expect(await getProviders()).toBeNull(); // nothing is mounted there
    expect(String(spy.mock.calls.at(-1)?.[0])).toBe(`${location.origin}/api/elsewhere/providers`);

    await renderProvider({ basePath: "/api/auth", session: null });
    expect(Object.keys((await getProviders()) ?? {})).toContain("credentials");
    expect(String(spy.mock.calls.at(-1)?.[0])).toBe(`${location.origin}/api/auth/providers`);
  });
});
