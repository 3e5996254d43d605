import { query, redirect } from "@solidjs/router";
import { getSession } from "foyer-auth/solid-start";
import { getRequestEvent } from "solid-js/web";
import { authOptions } from "~/auth";

/** The session, read on the server; null when signed out (and when it cannot be read). */
export const loadSession = query(async () => {
  "use server";
  return getSession(getRequestEvent()!.request, authOptions);
}, "session");

/** The session, or a redirect to the sign-in page that comes back to `path`. */
export const requireSession = query(async (path: string) => {
  "use server";
  const session = await getSession(getRequestEvent()!.request, authOptions);
  if (!session) throw redirect(`/api/auth/signin?callbackUrl=${encodeURIComponent(path)}`);
  return session;
}, "required-session");
