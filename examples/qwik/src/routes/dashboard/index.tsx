/** Signed-in users only: the guard runs on the server for every request, and so does the loader. */
import { component$ } from "@builder.io/qwik";
import { routeLoader$, type RequestHandler } from "@builder.io/qwik-city";
import type { Session } from "foyer-auth/qwik";

export const onRequest: RequestHandler = (event) => {
  const session = event.sharedMap.get("session") as Session | null;
  if (!session) throw event.redirect(302, `/auth/signin?callbackUrl=${encodeURIComponent(event.url.pathname)}`);
};

export const useDashboard = routeLoader$((event) => {
  const session = event.sharedMap.get("session") as Session;
  return { name: session.user?.name ?? session.user?.email ?? "you", expires: session.expires };
});

export default component$(() => {
  const dashboard = useDashboard();
  return (
    <main>
      <h1>Dashboard</h1>
      <p>
        Hello {dashboard.value.name}. Your session lasts until {dashboard.value.expires}.
      </p>
      <a href="/">Home</a>
    </main>
  );
});
