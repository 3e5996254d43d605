/**
 * The behaviour of the passkey section of Foyer's hosted sign-in page (server/pages/signin.tsx).
 *
 * The server renders the passkey buttons inside the sign-in form, which shares its one e-mail field
 * with the other e-mail-based methods. They stay `hidden` (in a `data-passkey-section` element) until
 * this script has checked that the browser has WebAuthn, so a browser without passkeys, or without
 * JavaScript, never shows buttons that cannot work:
 *
 * ```html
 * <form id="passkey-form" action="…/auth/callback/credentials" data-passkey-provider="passkey" data-error-default="…" data-error-cancelled="…">
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
 * (When passkeys are the form's only method, everything in the form, and the "or" before it, sits in the `data-passkey-section`.)
 *
 * - The script takes over the submissions of the passkey buttons (`data-passkey-action`): "Use a passkey" signs in with any
 *   passkey of this site and needs no e-mail; "Create account" creates an account for the typed
 *   e-mail (the button has `formnovalidate`, so a required password does not stand in the way; the
 *   server checks the address). Every other submission of the form goes on as a normal post, after
 *   cancelling the pending autofill request.
 * - The field offers passkeys in its autofill (conditional UI), silently; any other form on the page
 *   cancels that request before it submits.
 * - Failures show the page's own localised text — the form's `data-error-<code>` attribute, or
 *   `data-error-default` for any other code — in the form's `role="alert"` region; autofill then
 *   starts again.
 *
 * Everything it needs comes from the markup: the base URL from the form's `action`, the callback URL
 * from its hidden field.
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
  const { origin, pathname } = new URL(form.action);
  const options: PasskeyCeremonyOptions = {
    providerId: form.dataset.passkeyProvider,
    baseUrl: origin,
    // The form posts to `{authUrl}/callback/<id>` or `{authUrl}/signin/<id>`: what precedes that is the base path.
    basePath: pathname.replace(/\/[^/]+\/[^/]+$/, ""),
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
    // Only the passkey buttons (one of them is the default button of a form with passkeys alone) are
    // the script's; another method of the shared form (credentials, e-mail link) posts as usual, once
    // the document's listener below has cancelled the autofill request.
    const action = (event.submitter as HTMLElement | null)?.dataset.passkeyAction;
    if (!action) return;
    event.preventDefault();
    if (busy) return;
    busy = true;
    alert.textContent = "";
    // The register button skips the browser's validation (a required password must not block it); the
    // server checks the address, and its InvalidRequest shows as "Enter a valid email address.".
    const email = valueOf("[data-form-field][name=email]") ?? valueOf("[data-form-field]");
    void (action === "register" ? registerPasskey({ ...options, email }) : signInWithPasskey(options)).then((result) => {
      busy = false;
      return settle(result);
    });
  });

  form.querySelector("[data-passkey-section]")?.removeAttribute("hidden");
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
  // A submission by anything but a passkey button (another form, or the shared form's other methods).
  document.addEventListener("submit", (event) => (event.submitter as HTMLElement | null)?.dataset.passkeyAction || cancelPasskeyCeremony(), true);
  void starters[0]();
}
