/**
 * Foyer in this app: its pages under /auth, the session of every request in `event.sharedMap`, and
 * the `useSession`, `useSignIn` and `useSignOut` hooks for components.
 */
import { isServer } from "@builder.io/qwik/build";
import { QwikAuth$ } from "foyer-auth/qwik";

export const { onRequest, useSession, useSignIn, useSignOut } = QwikAuth$(async () => {
  // Qwik also emits this function for the browser (where it never runs): `isServer` keeps the
  // server-only config (SQLite, SMTP) out of that build.
  if (!isServer) throw new Error("The auth config is server-only.");
  return (await import("../server/auth-config")).authConfig;
});
