/** Home: who is signed in (useSession), and the ways in and out (useSignIn, useSignOut, the built-in page). */
import { component$ } from "@builder.io/qwik";
import { Form } from "@builder.io/qwik-city";
import { useSession, useSignIn, useSignOut } from "./plugin@auth";

export default component$(() => {
  const session = useSession();
  const signIn = useSignIn();
  const signOut = useSignOut();
  const user = session.value?.user;
  return (
    <main>
      <h1>Foyer × Qwik</h1>
      {user ? (
        <>
          <p>Signed in as {user.name ?? user.email}.</p>
          <p>
            <a href="/dashboard/">Dashboard</a>
          </p>
          <Form action={signOut}>
            <input type="hidden" name="redirectTo" value="/" />
            <button>Sign out</button>
          </Form>
        </>
      ) : (
        <>
          <p>
            <a href="/auth/signin">Sign in on Foyer's page</a>, or here:
          </p>
          <Form action={signIn}>
            <input type="hidden" name="providerId" value="credentials" />
            <input type="hidden" name="options.redirectTo" value="/dashboard/" />
            <label>
              Email <input name="options.email" type="email" autoComplete="username" />
            </label>
            <label>
              Password <input name="options.password" type="password" autoComplete="current-password" />
            </label>
            <button>Sign in</button>
          </Form>
          <Form action={signIn}>
            <input type="hidden" name="providerId" value="nodemailer" />
            <input type="hidden" name="options.redirectTo" value="/dashboard/" />
            <label>
              Email <input name="options.email" type="email" />
            </label>
            <button>Send me a sign-in link</button>
          </Form>
          <button onClick$={() => signIn.submit({ providerId: "github", options: { redirectTo: "/dashboard/" } })}>Sign in with GitHub</button>
        </>
      )}
    </main>
  );
});
