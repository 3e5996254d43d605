/**
 * The behaviour of the passkey section of Foyer's hosted sign-in page (server/pages/signin.tsx).
 *
 * The server renders the passkey buttons inside the sign-in form, which shares its one e-mail field
 * with the other e-mail-based methods. They stay `hidden` (in a `data-passkey-section` element) until
 * this script has checked that the browser has WebAuthn, so a browser without passkeys, or without
 * JavaScript, never shows buttons that cannot work:
 *
 * ```html
 * <form id="passkey-form" action="…/auth/callback/credentials" data-passkey-provider="passkey"
 *       data-passkey-url="…/auth/callback/passkey" data-error-default="…" data-error-cancelled="…">
 *   <input type="hidden" name="csrfToken"> <input type="hidden" name="callbackUrl">
 *   <input name="email" autocomplete="username webauthn" data-form-field> …
 *   <button type="submit">Continue</button>
 *   <div id="passkey-section" data-passkey-section hidden>
 *     <button type="submit" id="submitButton-passkey" formaction="…/auth/callback/passkey" formnovalidate data-passkey-action="signin">Use a passkey</button>
 *     <button type="submit" id="registerButton-passkey" formaction="…/auth/callback/passkey" formnovalidate data-passkey-action="register">Create account with a passkey</button>
 *     <div id="passkey-alert" role="alert"></div>
 *   </div>
 * </form>
 * ```
 *
 * (When passkeys are the form's only method, the whole form sits in the `data-passkey-section`.)
 *
 * - The script takes over the submissions aimed at the passkey URL: "Use a passkey" signs in with any
 *   passkey of this site and needs no e-mail; "Create account" creates an account for the typed
 *   e-mail, which it checks itself (the button has `formnovalidate`, so a required password does
 *   not stand in the way). Every other submission of the form goes on as a normal post, after
 *   cancelling the pending autofill request.
 * - The field offers passkeys in its autofill (conditional UI), silently; any other form on the page
 *   cancels that request before it submits.
 * - Failures show the page's own localised text — the form's `data-error-<code>` attribute, or
 *   `data-error-default` for any other code — in the form's `role="alert"` region; autofill then
 *   starts again.
 *
 * Everything it needs comes from the markup: the base URL from the form's `data-passkey-url` (or its
 * `action`), the callback URL from its hidden field.
 *
 * @module
 */
import {
  cancelPasskeyCeremony,
  passkeysSupported,
  registerPasskey,
  signInWithPasskey,
  startConditionalSignIn,
  type PasskeyCeremonyOptions,
  type PasskeyResult,
} from "../client/passkey.js";

/** The selector of the server-rendered passkey forms. */
export const PASSKEY_FORMS = "form[data-passkey-provider]";

/**
 * Wires one passkey form. Returns a function that starts its autofill request (the page starts one
 * at a time: a new request cancels the previous one).
 */
function enhance(form: HTMLFormElement): () => void {
  /** The value of the first control matching `selector`, when there is one. */
  const valueOf = (selector: string) => form.querySelector<HTMLInputElement>(selector)?.value;
  const url = new URL(form.dataset.passkeyUrl ?? form.action, location.href);
  const { origin, pathname } = url;
  const options: PasskeyCeremonyOptions = {
    providerId: form.dataset.passkeyProvider,
    baseUrl: origin,
    // The form posts to `{authUrl}/callback/<id>`: what precedes that is the base path.
    basePath: pathname.slice(0, pathname.lastIndexOf("/callback/")),
    callbackUrl: valueOf("[name=callbackUrl]"),
  };
  const alert = form.querySelector("[role=alert]")!;
  // A failure shows the page's own text for the code (`data-error-<code>`, lower case as HTML stores
  // attribute names); autofill then starts again. Success navigates away. `null`: autofill ended silently.
  const autofill = async (): Promise<void> => settle(await startConditionalSignIn(options));
  const settle = (result: PasskeyResult | null) => {
    if (result && !result.ok) {
      alert.textContent = form.getAttribute(`data-error-${result.error}`) ?? form.getAttribute("data-error-default");
      return autofill();
    }
  };

  let busy = false;
  form.addEventListener("submit", (event) => {
    const submitter = event.submitter as HTMLButtonElement | null;
    // Another method of the shared form (credentials, e-mail link): a normal post, without the autofill request.
    if (new URL(submitter?.formAction || form.action, location.href).href !== url.href) return cancelPasskeyCeremony();
    event.preventDefault();
    if (busy) return;
    const field = form.querySelector<HTMLInputElement>("[data-form-field][name=email]") ?? form.querySelector<HTMLInputElement>("[data-form-field]");
    const register = submitter?.dataset.passkeyAction === "register";
    // The register button skips the browser's validation (a required password must not block it): check the address here.
    if (register && field && !field.reportValidity()) return;
    busy = true;
    alert.textContent = "";
    const email = field?.value;
    void (register ? registerPasskey({ ...options, email }) : signInWithPasskey(options)).then((result) => {
      busy = false;
      return settle(result);
    });
  });

  for (const section of [form.closest("[data-passkey-section]"), ...form.querySelectorAll("[data-passkey-section]")]) section?.removeAttribute("hidden");
  return autofill;
}

/**
 * Enhances every passkey form under `root` (default: the document) when the browser supports
 * passkeys, starts autofill on the first one, and makes every other form's submission cancel a
 * pending passkey request first (else a passkey prompt could appear after a password sign-in). Does
 * nothing without WebAuthn: the sections stay hidden.
 *
 * @param root Where to look for the forms.
 */
export function enhancePasskeyForms(root: ParentNode = document): void {
  if (!passkeysSupported()) return;
  const starters = [...root.querySelectorAll<HTMLFormElement>(PASSKEY_FORMS)].map(enhance);
  if (!starters[0]) return;
  // Capture: runs before the form's own handlers and before the browser navigates.
  document.addEventListener("submit", (event) => (event.target as Element).matches(PASSKEY_FORMS) || cancelPasskeyCeremony(), true);
  void starters[0]();
}
