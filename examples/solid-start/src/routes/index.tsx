import { createAsync, type RouteDefinition } from "@solidjs/router";
import { signIn, signOut } from "foyer-auth/solid-start/client";
import { Show } from "solid-js";
import { loadSession } from "~/lib/session";

export const route = { preload: () => loadSession() } satisfies RouteDefinition;

export default function Home() {
  const session = createAsync(() => loadSession());
  return (
    <main>
      <h1>Foyer × SolidStart</h1>
      <Show
        when={session()}
        fallback={
          <p>
            Signed out. <a href="/api/auth/signin">Sign in</a> or <button onClick={() => void signIn("github")}>Sign in with GitHub</button>
          </p>
        }
      >
        {(s) => (
          <p>
            Signed in as {s().user?.name ?? s().user?.email}. <a href="/dashboard">Dashboard</a>{" "}
            <button onClick={() => void signOut({ callbackUrl: "/" })}>Sign out</button>
          </p>
        )}
      </Show>
    </main>
  );
}
