import { signinScriptPath } from "foyer-auth";
import { SigninElement } from "./signin-element";

export const dynamic = "force-dynamic";

export default function Embedded() {
  // Served by Foyer itself under /api/auth/assets (no CDN); the file name carries a content hash.
  const script = signinScriptPath();
  return (
    <>
      <h1>Embedded sign-in</h1>
      {script ? <script type="module" src={`/api/auth/assets/${script}`} async /> : null}
      <SigninElement />
    </>
  );
}
