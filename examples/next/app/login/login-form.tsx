"use client";
import { useActionState } from "react";
import { authenticate } from "@/lib/actions";

export function LoginForm({ callbackUrl }: { callbackUrl: string }) {
  const [error, action, pending] = useActionState(authenticate, undefined);
  return (
    <form action={action} style={{ display: "grid", gap: "0.5rem" }}>
      <input type="hidden" name="redirectTo" value={callbackUrl} />
      <label>
        Email <input name="email" type="email" autoComplete="username" required />
      </label>
      <label>
        Password <input name="password" type="password" autoComplete="current-password" required />
      </label>
      <button type="submit" disabled={pending}>
        Sign in
      </button>
      {error ? <p role="alert">{error}</p> : null}
      <p>
        Try ada@example.com / correct horse battery staple, or <a href="/api/auth/signin">a passkey on Foyer&apos;s own page</a>.
      </p>
    </form>
  );
}
