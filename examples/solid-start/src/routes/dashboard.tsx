import { createAsync, type RouteDefinition } from "@solidjs/router";
import { Show } from "solid-js";
import { requireSession } from "~/lib/session";

// Signed-in users only: requireSession redirects everyone else to the sign-in page.
export const route = { preload: () => requireSession("/dashboard") } satisfies RouteDefinition;

export default function Dashboard() {
  const session = createAsync(() => requireSession("/dashboard"));
  return (
    <Show when={session()}>
      {(s) => (
        <main>
          <h1>Dashboard</h1>
          <pre>{JSON.stringify(s(), null, 2)}</pre>
          <a href="/">Home</a>
        </main>
      )}
    </Show>
  );
}
