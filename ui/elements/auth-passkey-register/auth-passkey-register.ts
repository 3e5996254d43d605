import { html, nothing, render } from "lit";
import { AuthPasskeyRegisteredEvent } from "../../events/auth-passkey-registered.js";
import { AuthPasskeyRemovedEvent } from "../../events/auth-passkey-removed.js";
import { loadSession } from "../../internal/auth.js";
import { SessionSubscription } from "../../internal/session-subscription.js";
import { adoptPasskeyLightStyles, fieldId, passkeyErrorMessage, toggleState } from "../../internal/passkey.js";
import { passkeyClient, passkeysSupported } from "../../internal/passkey-client.js";
import { FoyerElement } from "../foyer-element.js";
import { passkeyRegisterStyles } from "./auth-passkey-register.styles.js";

/** How long "Passkey added." / "Account created." stays before it clears by itself. */
const DONE_MS = 6000;

/** The e-mail input of a sign-up, among the element's children. */
const EMAIL_INPUT = 'input[type="email"], input[name="email"]';

/**
 * Creates a passkey. For a signed-in user it is an "Add a passkey" button: the new passkey is added
 * to their account (the server excludes the passkeys they already have, so one authenticator is not
 * registered twice). Signed out, it is a sign-up: an e-mail field and "Create account with a passkey",
 * which creates an account with that address (unverified until an e-mail link proves it) and signs
 * in. An address that already has an account is refused (`AccountNotLinked`): sign in first, then add
 * a passkey.
 *
 * The e-mail field lives in light DOM (`autocomplete="username webauthn"`), so password managers see
 * it. The element renders it as its child unless it is given one: an `<input type="email">` child, or
 * the id of an input elsewhere in the same document in the `input` attribute (how `<auth-signin>`
 * shares one field between signing in and signing up).
 *
 * Like `<auth-passkey-button>`, the element is hidden where the browser cannot use passkeys
 * (`unsupported` attribute, state and part).
 *
 * @summary "Add a passkey" (signed in), or sign up with a passkey (signed out).
 * @slot - The e-mail input of a sign-up, with its `<label>` (rendered by the element when not given). Shown only when signed out.
 * @csspart base - The wrapper.
 * @csspart button - The "Add a passkey" / "Create account with a passkey" button.
 * @csspart label - The button text.
 * @csspart spinner - Shown while the passkey is being created; has an accessible name.
 * @csspart error - The live region (`role="alert"`) that announces a failure.
 * @csspart status - The live region (`role="status"`) that confirms a new passkey or account.
 * @csspart unsupported - The explanation shown where passkeys are unsupported (hidden with the element unless the page shows it).
 * @cssprop --auth-button-bg - Button background (default `--auth-color-brand`).
 * @cssprop --auth-button-text - Button text (default `--auth-color-on-brand`).
 * @cssprop --auth-color-border - Button and input borders.
 * @cssprop --auth-color-surface - Input background.
 * @cssprop --auth-color-error - Error text; `--auth-color-error-surface` its background.
 * @cssprop --auth-color-focus - Focus rings.
 * @cssprop --auth-radius - Corner radius.
 * @cssprop --auth-font-family - Font.
 * @cssstate busy - While the passkey is being created.
 * @cssstate signed-in - A user is signed in: the element adds a passkey to their account.
 * @cssstate signed-out - No session: the element signs up.
 * @cssstate unsupported - This browser cannot use passkeys (the element is hidden).
 * @fires auth-passkey-registered - The server stored the new passkey (`detail.provider`, `detail.url`, `detail.signUp`: `true` when an account was created and the user signed in).
 */
export class AuthPasskeyRegister extends FoyerElement {
  static override styles = passkeyRegisterStyles;

  static override properties = {
    provider: { reflect: true },
    callbackUrl: { attribute: "callback-url" },
    redirect: { type: Boolean },
    input: {},
    unsupported: { type: Boolean, reflect: true },
    signedIn: { state: true },
    error: { state: true },
    done: { state: true },
  };

  /** The WebAuthn provider's id. */
  provider = "passkey";
  /** Where to go after registering. Default: the current page. */
  callbackUrl?: string;
  /** Navigate to the callback URL afterwards. Default: stay (sessions update in place). */
  redirect = false;
  /** The id of the e-mail input to sign up with, when it is not a child of the element. */
  input?: string;
  /** Set by the element when this browser cannot use passkeys (reflected; the element is then hidden). */
  unsupported = false;

  /** `true` signed in, `false` signed out, `undefined` until the session is known. */
  private signedIn?: boolean;
  private error?: string;
  private done?: "added" | "created";
  /** Clears the confirmation after a while, so "Passkey added." does not linger through later actions. */
  private doneTimer?: ReturnType<typeof setTimeout>;

  private readonly subscription = new SessionSubscription(this, () => void this.refresh());
  private readonly fieldId = fieldId("auth-passkey-register");
  /** Whether this element renders the e-mail field itself (decided on the first signed-out render). */
  private ownsField?: boolean;

  override connectedCallback(): void {
    super.connectedCallback();
    this.unsupported = !passkeysSupported();
    toggleState(this.internals, "unsupported", this.unsupported);
    if (!this.unsupported) void passkeyClient();
    adoptPasskeyLightStyles(this);
    document.addEventListener(AuthPasskeyRemovedEvent.type, this.clearDone);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    document.removeEventListener(AuthPasskeyRemovedEvent.type, this.clearDone);
    clearTimeout(this.doneTimer);
  }

  /** Another change on the page (a passkey removed) makes the confirmation stale. */
  private readonly clearDone = (): void => {
    clearTimeout(this.doneTimer);
    this.done = undefined;
  };

  /** Reads the session again (signed in or not decides what the element offers). */
  async refresh(): Promise<void> {
    const session = await loadSession(this.basePath);
    this.signedIn = Boolean(session?.user);
    toggleState(this.internals, "signed-in", this.signedIn);
    toggleState(this.internals, "signed-out", !this.signedIn);
  }

  override render() {
    const { t } = this.localize;
    if (this.unsupported) {
      return html`<p part="unsupported" class="message" lang=${this.localize.locale} dir=${this.localize.dir}>${t("signin.passkey.unsupported")}</p>`;
    }
    const label = this.signedIn ? t("passkey.register.add") : t("passkey.register.signup");
    const status = this.done ? t(this.done === "added" ? "passkey.register.added" : "passkey.register.created") : "";
    return html`<div part="base" class="base" lang=${this.localize.locale} dir=${this.localize.dir}>
      ${this.signedIn === false ? html`<slot></slot>` : nothing}
      ${
        this.signedIn === undefined
          ? nothing
          : html`<button part="button" class="button" type="button" ?disabled=${this.busy} aria-busy=${this.busy ? "true" : "false"} @click=${this.register}>
            <span part="label">${label}</span>
            ${this.busy ? html`<span part="spinner" class="spinner" role="status" aria-label=${t("passkey.waiting")}></span>` : nothing}
          </button>`
      }
      <div part="error" class="error" role="alert" tabindex="-1">${this.error ? passkeyErrorMessage(t, this.error, "register") : ""}</div>
      <p part="status" class="status" role="status">${status}</p>
    </div>`;
  }

  protected override updated(): void {
    if (this.unsupported || this.signedIn === undefined) return;
    this.ownsField ??= !this.input && !this.querySelector(EMAIL_INPUT);
    if (!this.ownsField) return;
    // The sign-up field, in light DOM (where autofill can see it); removed once signed in.
    const { t } = this.localize;
    render(
      this.signedIn
        ? nothing
        : html`<div class="auth-field">
            <label for=${this.fieldId}>${t("signin.email.label")}</label>
            <input id=${this.fieldId} name="email" type="email" autocomplete="username webauthn" required />
          </div>`,
      this,
      { host: this },
    );
  }

  /** The e-mail input of a sign-up: the one named by `input`, else a child. */
  private emailInput(): HTMLInputElement | null {
    if (this.input) {
      const root = this.getRootNode() as Document | ShadowRoot;
      const named = root.getElementById?.(this.input);
      if (named instanceof HTMLInputElement) return named;
    }
    return this.querySelector<HTMLInputElement>(EMAIL_INPUT);
  }

  /** Creates the passkey (sign-up when signed out), as a click on the button does. */
  async register(): Promise<void> {
    if (this.busy || this.unsupported || this.signedIn === undefined) return;
    const signUp = !this.signedIn;
    const input = signUp ? this.emailInput() : null;
    if (signUp && !this.validEmail(input)) return;
    const hadFocus = this.matches(":focus-within");
    this.error = undefined;
    this.clearDone();
    this.setBusy(true);
    const result = await (
      await passkeyClient()
    ).registerPasskey({
      basePath: this.basePath,
      providerId: this.provider,
      callbackUrl: this.callbackUrl ?? location.href,
      redirect: this.redirect,
      ...(input ? { email: input.value.trim() } : {}),
    });
    if (result.ok && this.redirect) {
      this.dispatchEvent(new AuthPasskeyRegisteredEvent({ provider: this.provider, url: result.url, signUp }));
      return; // navigating; stay busy until the page goes
    }
    this.setBusy(false);
    if (result.ok) {
      this.done = signUp ? "created" : "added";
      clearTimeout(this.doneTimer);
      this.doneTimer = setTimeout(this.clearDone, DONE_MS);
      this.dispatchEvent(new AuthPasskeyRegisteredEvent({ provider: this.provider, url: result.url, signUp }));
      // After a sign-up the client broadcasts the new session; the subscription above then switches
      // this element (and every other one) to the signed-in view.
      if (hadFocus) {
        await this.updateComplete;
        this.renderRoot.querySelector<HTMLElement>("button")?.focus();
      }
      return;
    }
    this.error = result.error;
    await this.updateComplete;
    if (result.error === "InvalidRequest" && input) {
      // The server refused the address: the field is what to fix, so it gets the focus.
      input.setAttribute("aria-invalid", "true");
      input.focus();
    } else {
      this.renderRoot.querySelector<HTMLElement>(".error")?.focus();
    }
  }

  /** Checks the sign-up address in the browser first; an empty or malformed one is reported on the field. */
  private validEmail(input: HTMLInputElement | null): input is HTMLInputElement {
    if (!input) {
      this.error = "InvalidRequest";
      return false;
    }
    const valid = input.value.trim() !== "" && input.checkValidity() && /^[^\s@]+@[^\s@]+$/.test(input.value.trim());
    input.setAttribute("aria-invalid", valid ? "false" : "true");
    if (!valid) {
      this.error = "InvalidRequest";
      input.focus();
    }
    return valid;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    "auth-passkey-register": AuthPasskeyRegister;
  }
}
