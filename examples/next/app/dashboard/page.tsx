// Only signed-in users get here: proxy.ts runs callbacks.authorized first.
import { auth } from "@/auth";
import { logout } from "@/lib/actions";

export default async function Dashboard() {
  const session = await auth();
  return (
    <>
      <h1>Dashboard</h1>
      <p>Welcome, {session?.user?.name ?? session?.user?.email}.</p>
      <form action={logout}>
        <button type="submit">Sign out</button>
      </form>
    </>
  );
}
