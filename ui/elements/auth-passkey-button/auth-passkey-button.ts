import { html, nothing, render } from "lit";
import { AuthSigninErrorEvent } from "../../events/auth-signin-error.js";
import { AuthSigninStartEvent } from "../../events/auth-signin-start.js";
import { AuthSigninSuccessEvent } from "../../events/auth-signin-success.js";
import { adoptPasskeyLightStyles, fieldId, passkeyErrorMessage, toggleState, WEBAUTHN_INPUT } from "../../internal/passkey.js";
import { cancelPasskeyCeremony, passkeyClient, passkeysSupported, type PasskeyCeremonyOptions, type PasskeyResult } from "../../internal/passkey-client.js";
import { FoyerElement } from "../foyer-element.js";
import { passkeyButtonStyles } from "./auth-passkey-button.styles.js";

/**
 * Signs in with a passkey: a button that opens the browser's passkey dialog (discoverable
 * credentials, so no e-mail is asked for), and optionally passkeys in the autofill of a username
 * field (`conditional`, WebAuthn conditional UI).
 *
 * With `conditional`, the element uses the input whose id its `input` attribute names, else the first
 * `autocomplete="… webauthn"` input among its own children, or renders an "Email" field with
 * `autocomplete="username webauthn"` as its child when there is neither (`<auth-signin>` names the
 * e-mail field its methods share). Either way the input stays in light DOM, where password managers and the browser's
 * autofill look for it. Autofill is silent: a visitor who ignores it never sees an error, and it is
 * cancelled whenever another sign-in starts (this button, or any `signIn()` of the client, which
 * every Foyer element uses). It starts again after that other attempt fails. Once the visitor picks a
 * passkey from the autofill list, the sign-in is theirs: a server that rejects it is reported like a
 * click on the button (alert and `auth-signin-error`). Use `conditional` on one element per page: a
 * page has one autofill request at a time.
 *
 * Where the browser cannot use passkeys at all the element is hidden (`display: none`) and carries the
 * `unsupported` attribute and state; its `unsupported` part then holds a short explanation, which a
 * page can show with `auth-passkey-button[unsupported] { display: block }`.
 *
 * @summary "Sign in with a passkey" button, with optional passkey autofill.
 * @slot - The username input for `conditional` (an `<input autocomplete="username webauthn">` with its `<label>`). Rendered by the element when not given. Shown only where passkeys work.
 * @slot label - The button's text, in place of "Sign in with a passkey" (e.g. `<span slot="label">Use a passkey</span>`).
 * @csspart base - The wrapper.
 * @csspart button - The "Sign in with a passkey" button.
 * @csspart label - The button text.
 * @csspart spinner - Shown while the passkey dialog is open or the server answers; has an accessible name.
 * @csspart error - The live region (`role="alert"`) that announces a failed sign-in.
 * @csspart unsupported - The explanation shown instead of the button where passkeys are unsupported (hidden with the element unless the page shows it).
 * @cssprop --auth-button-bg - Button background (default `--auth-color-brand`).
 * @cssprop --auth-button-text - Button text (default `--auth-color-on-brand`).
 * @cssprop --auth-color-border - Button and input borders.
 * @cssprop --auth-color-surface - Input background.
 * @cssprop --auth-color-error - Error text; `--auth-color-error-surface` its background.
 * @cssprop --auth-color-focus - Focus rings.
 * @cssprop --auth-radius - Corner radius.
 * @cssprop --auth-font-family - Font.
 * @cssstate busy - While a sign-in runs (dialog open, or waiting for the server).
 * @cssstate unsupported - This browser cannot use passkeys (the element is hidden).
 * @fires auth-signin-start - Before the passkey dialog opens after a click; cancelable (`detail.provider`). Not fired for autofill, whose request runs in the background.
 * @fires auth-signin-success - The server signed the user in (`detail.provider`, `detail.url`), after a click or an autofill pick.
 * @fires auth-signin-error - The sign-in failed (`detail.code`: `Cancelled`, `WebAuthnVerificationError`, `NetworkError`, …). Never fired for an ignored or dismissed autofill.
 */
export class AuthPasskeyButton extends FoyerElement {
  static override styles = passkeyButtonStyles;

  static override properties = {
    provider: { reflect: true },
    callbackUrl: { attribute: "callback-url" },
    redirect: { type: Boolean },
    conditional: { type: Boolean, reflect: true },
    input: {},
    unsupported: { type: Boolean, reflect: true },
    error: { state: true },
  };

  /** The WebAuthn provider's id. */
  provider = "passkey";
  /** Where to go after signing in. Default: the current page. */
  callbackUrl?: string;
  /** Navigate to the callback URL after signing in. Default: stay (sessions update in place). */
  redirect = false;
  /** Also offer passkeys in the autofill of the username input (WebAuthn conditional UI). */
  conditional = false;
  /** With `conditional`: the id of the username input elsewhere in the same document, when it is not a child of the element. */
  input?: string;
  /** Set by the element when this browser cannot use passkeys (reflected; the element is then hidden). */
  unsupported = false;

  private error?: string;
  /** Whether this element renders the username field itself (decided once, on the first update with `conditional`). */
  private ownsField?: boolean;
  private readonly fieldId = fieldId("auth-passkey-button");
  /** Number of the newest autofill request; an older one that ends is ignored. */
  private conditionalRun = 0;
  private conditionalPending = false;

  override connectedCallback(): void {
    super.connectedCallback();
    this.unsupported = !passkeysSupported();
    toggleState(this.internals, "unsupported", this.unsupported);
    if (!this.unsupported) void passkeyClient();
    adoptPasskeyLightStyles(this);
    document.addEventListener(AuthSigninErrorEvent.type, this.onOtherFailure);
    // Moved in the document: the request was dropped on disconnect; start it again.
    if (this.hasUpdated) void this.startConditional();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    document.removeEventListener(AuthSigninErrorEvent.type, this.onOtherFailure);
    this.stopConditional();
  }

  override render() {
    const { t } = this.localize;
    if (this.unsupported) {
      return html`<p part="unsupported" class="message" lang=${this.localize.locale} dir=${this.localize.dir}>${t("signin.passkey.unsupported")}</p>`;
    }
    const message = this.error ? passkeyErrorMessage(t, this.error, "signin") : "";
    return html`<div part="base" class="base" lang=${this.localize.locale} dir=${this.localize.dir}>
      ${this.conditional ? html`<slot></slot>` : nothing}
      <button part="button" class="button" type="button" ?disabled=${this.busy} aria-busy=${this.busy ? "true" : "false"} @click=${this.signIn}>
        <span part="label"><slot name="label">${t("signin.passkey.button")}</slot></span>
        ${this.busy ? html`<span part="spinner" class="spinner" role="status" aria-label=${t("passkey.waiting")}></span>` : nothing}
      </button>
      <div part="error" class="error" role="alert" tabindex="-1">${message}</div>
    </div>`;
  }

  protected override updated(changed: Map<string, unknown>): void {
    if (this.unsupported) return;
    if (this.conditional) {
      this.ownsField ??= !this.input && !this.querySelector(WEBAUTHN_INPUT);
      if (this.ownsField) this.renderField();
    } else if (this.ownsField) {
      render(nothing, this, { host: this });
    }
    // Started once the input is in the document (the browser attaches its autofill to it).
    if (changed.has("conditional")) {
      if (this.conditional) void this.startConditional();
      else this.stopConditional();
    }
  }

  /** The "Email" field for autofill, in light DOM (where password managers can see it), when the page gave none. */
  private renderField(): void {
    const { t } = this.localize;
    render(
      html`<div class="auth-field">
        <label for=${this.fieldId}>${t("signin.email.label")}</label>
        <input id=${this.fieldId} name="email" type="email" autocomplete="username webauthn" />
      </div>`,
      this,
      { host: this },
    );
  }

  private ceremonyOptions(): PasskeyCeremonyOptions {
    return { basePath: this.basePath, providerId: this.provider, callbackUrl: this.callbackUrl ?? location.href, redirect: this.redirect };
  }

  /**
   * Starts (or restarts) the background autofill request. Resolves when it ends; silent unless the
   * visitor picked a passkey.
   */
  async startConditional(): Promise<void> {
    if (!this.conditional || this.unsupported || !this.isConnected) return;
    const run = ++this.conditionalRun;
    this.conditionalPending = true;
    const client = await passkeyClient();
    // Stopped while the client loaded: start no browser request nobody would cancel.
    if (run !== this.conditionalRun) return;
    const result = await client.startConditionalSignIn(this.ceremonyOptions());
    if (run !== this.conditionalRun) return; // superseded by a newer request, or stopped
    this.conditionalPending = false;
    if (!result) return;
    await this.finish(result, false);
    // The visitor picked a passkey the server refused: let them pick again.
    if (!result.ok) void this.startConditional();
  }

  /** Drops a pending autofill request (no input left for it); its late `null` is then ignored. */
  private stopConditional(): void {
    if (!this.conditionalPending) return;
    this.conditionalRun += 1;
    this.conditionalPending = false;
    cancelPasskeyCeremony();
  }

  /** Starts a sign-in with the browser's passkey dialog, as a click does. */
  async signIn(): Promise<void> {
    if (this.busy || this.unsupported) return;
    const start = new AuthSigninStartEvent({ provider: this.provider });
    this.dispatchEvent(start);
    if (start.defaultPrevented) return;
    // The dialog takes focus away; give it back to the button only if it was here.
    const hadFocus = this.matches(":focus-within");
    this.error = undefined;
    this.setBusy(true);
    // Cancels the autofill request first (the client keeps one ceremony per page).
    const result = await (await passkeyClient()).signInWithPasskey(this.ceremonyOptions());
    if (result.ok && this.redirect) {
      this.dispatchEvent(new AuthSigninSuccessEvent({ provider: this.provider, url: result.url }));
      return; // navigating; stay busy until the page goes
    }
    this.setBusy(false);
    await this.finish(result, hadFocus);
    // Autofill was cancelled for the dialog: offer it again.
    if (!result.ok) void this.startConditional();
  }

  /** Reports an outcome: the success event, or the alert (focused when `focus`) and the error event. */
  private async finish(result: PasskeyResult, focus: boolean): Promise<void> {
    if (result.ok) {
      this.error = undefined;
      this.dispatchEvent(new AuthSigninSuccessEvent({ provider: this.provider, url: result.url }));
      if (focus) {
        await this.updateComplete;
        this.renderRoot.querySelector<HTMLElement>("button")?.focus();
      }
      return;
    }
    this.error = result.error;
    this.dispatchEvent(new AuthSigninErrorEvent({ provider: this.provider, code: result.error }));
    await this.updateComplete;
    // A failure that is not about a field: focus the announcement, so screen readers read it.
    this.renderRoot.querySelector<HTMLElement>(".error")?.focus();
  }

  /** Another sign-in on the page failed (it had cancelled autofill): offer passkeys in autofill again. */
  private readonly onOtherFailure = (event: Event): void => {
    if (event.composedPath().includes(this) || this.busy) return;
    if (!this.conditionalPending) void this.startConditional();
  };
}

declare global {
  interface HTMLElementTagNameMap {
    "auth-passkey-button": AuthPasskeyButton;
  }
}
