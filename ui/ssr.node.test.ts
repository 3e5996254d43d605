/**
 * SSR safety (nothing touches the DOM at import time): every public entry point of the browser kit imports in plain Node, with no
 * DOM globals, without throwing; and server-rendered markup (Preact) keeps custom-element tags and
 * their attributes as written, so a page can ship `<auth-provider-button>` before any script runs.
 */
import { h } from "preact";
import { renderToString } from "preact-render-to-string";
import { describe, expect, test } from "vitest";

const ENTRY_POINTS = [
  "./elements/index.js",
  "./elements/auth-signin/define.js",
  "./elements/auth-provider-button/define.js",
  "./elements/auth-signout/define.js",
  "./elements/auth-session/define.js",
  "./elements/auth-user/define.js",
  "./elements/auth-passkey-button/define.js",
  "./elements/auth-passkey-register/define.js",
  "./elements/auth-passkeys/define.js",
  "./elements/passkey-elements.js",
  "./client/index.js",
  "./client/passkey.js",
  "./events/index.js",
] as const;

const loaders: Record<(typeof ENTRY_POINTS)[number], () => Promise<unknown>> = {
  "./elements/index.js": () => import("./elements/index.js"),
  "./elements/auth-signin/define.js": () => import("./elements/auth-signin/define.js"),
  "./elements/auth-provider-button/define.js": () => import("./elements/auth-provider-button/define.js"),
  "./elements/auth-signout/define.js": () => import("./elements/auth-signout/define.js"),
  "./elements/auth-session/define.js": () => import("./elements/auth-session/define.js"),
  "./elements/auth-user/define.js": () => import("./elements/auth-user/define.js"),
  "./elements/auth-passkey-button/define.js": () => import("./elements/auth-passkey-button/define.js"),
  "./elements/auth-passkey-register/define.js": () => import("./elements/auth-passkey-register/define.js"),
  "./elements/auth-passkeys/define.js": () => import("./elements/auth-passkeys/define.js"),
  "./elements/passkey-elements.js": () => import("./elements/passkey-elements.js"),
  "./client/index.js": () => import("./client/index.js"),
  "./client/passkey.js": () => import("./client/passkey.js"),
  "./events/index.js": () => import("./events/index.js"),
};

describe("importing the kit in plain Node", () => {
  test("there are no DOM globals in this environment", () => {
    // (Node 20 has `Event`, `EventTarget` and `CustomEvent` of its own; none of these.)
    for (const name of ["window", "document", "location", "MutationObserver", "HTMLElement", "customElements"]) {
      expect(typeof (globalThis as Record<string, unknown>)[name], name).toBe("undefined");
    }
  });

  test.each(ENTRY_POINTS)("%s imports without throwing", async (entry) => {
    await expect(loaders[entry]()).resolves.toBeDefined();
  });

  test("the imports touched no DOM global, and define() stays callable", async () => {
    const elements = await import("./elements/index.js");
    expect(typeof (globalThis as { window?: unknown }).window).toBe("undefined");
    expect(typeof (globalThis as { document?: unknown }).document).toBe("undefined");
    expect(typeof (globalThis as { location?: unknown }).location).toBe("undefined");
    expect(typeof elements.AuthSignin).toBe("function");
    const { define } = await import("./elements/auth-provider-button/define.js");
    expect(() => define()).not.toThrow();
    expect(() => define()).not.toThrow();
  });

  test("the client's functions can be created at module level on the server", async () => {
    const client = await import("./client/index.js");
    expect(() => client.createAuthClient({ basePath: "/auth" })).not.toThrow();
  });

  test("the passkey client answers in Node without throwing: unsupported, nothing to cancel", async () => {
    const passkey = await import("./client/passkey.js");
    expect(passkey.passkeysSupported()).toBe(false);
    expect(await passkey.conditionalMediationAvailable()).toBe(false);
    expect(await passkey.startConditionalSignIn()).toBeNull();
    expect(await passkey.signInWithPasskey()).toEqual({ ok: false, error: "Unsupported" });
    expect(await passkey.registerPasskey({ email: "ada@example.com" })).toEqual({ ok: false, error: "Unsupported" });
    expect(() => passkey.cancelPasskeyCeremony()).not.toThrow();
  });

  test("event classes construct in Node (they extend Event, not CustomEvent)", async () => {
    const events = await import("./events/index.js");
    const start = new events.AuthSigninStartEvent({ provider: "github" });
    expect(start).toMatchObject({ type: "auth-signin-start", bubbles: true, composed: true, cancelable: true, detail: { provider: "github" } });
    const registered = new events.AuthPasskeyRegisteredEvent({ provider: "passkey", url: "/", signUp: true });
    expect(registered).toMatchObject({ type: "auth-passkey-registered", bubbles: true, composed: true, cancelable: false });
    expect(new events.AuthPasskeyRemovedEvent({ id: "x" })).toMatchObject({ type: "auth-passkey-removed", bubbles: true, composed: true, detail: { id: "x" } });
  });
});

describe("server-rendered markup with custom elements", () => {
  test("Preact keeps <auth-provider-button provider> and light-DOM autocomplete tokens as written", () => {
    const page = h(
      "html",
      { lang: "en", dir: "ltr" },
      h(
        "body",
        null,
        h("main", null, [
          h("h1", null, "Sign in"),
          h("auth-provider-button", { provider: "github", "base-path": "/auth", "callback-url": "/account" }),
          h("auth-signin", { providers: "credentials,github", theme: JSON.stringify({ colorScheme: "dark" }) }),
          h("input", { id: "email", name: "email", autocomplete: "username webauthn" }),
        ]),
      ),
    );
    const markup = renderToString(page);
    expect(markup).toContain('<auth-provider-button provider="github" base-path="/auth" callback-url="/account"></auth-provider-button>');
    expect(markup).toContain('<auth-signin providers="credentials,github" theme="{&quot;colorScheme&quot;:&quot;dark&quot;}"></auth-signin>');
    expect(markup).toContain('autocomplete="username webauthn"');
  });
});
