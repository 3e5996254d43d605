import { LoginForm } from "./login-form";

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ callbackUrl?: string }> }) {
  const { callbackUrl } = await searchParams;
  return (
    <>
      <h1>Sign in</h1>
      <LoginForm callbackUrl={callbackUrl ?? "/dashboard"} />
    </>
  );
}
