"use client";
// Foyer's <auth-signin> in React 19: typed JSX, and its events as on<event-name> props.
import type {} from "foyer-auth/elements/react-jsx";
import { useRouter } from "next/navigation";
import { useState } from "react";

export function SigninElement() {
  const router = useRouter();
  const [error, setError] = useState<string>();
  return (
    <>
      <auth-signin
        base-path="/api/auth"
        callback-url="/dashboard"
        onauth-signin-success={() => router.push("/dashboard")}
        onauth-signin-error={(event) => setError(event.detail.code)}
      />
      {error ? <p role="alert">Sign-in failed: {error}</p> : null}
    </>
  );
}
