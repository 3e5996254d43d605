import { auth } from "@/auth";
import { logout } from "@/lib/actions";

export default async function Home() {
  const session = await auth();
  if (!session?.user)
    return (
      <p>
        You are not signed in. <a href="/login">Sign in</a>
      </p>
    );
  return (
    <>
      <p>Signed in as {session.user.email}.</p>
      <form action={logout}>
        <button type="submit">Sign out</button>
      </form>
    </>
  );
}
