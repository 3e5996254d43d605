import { html, nothing, render, type PropertyValues, type TemplateResult } from "lit";
import { ifDefined } from "lit/directives/if-defined.js";
import { signinErrorMessage } from "../../../locales/translator.js";
import type { ClientProvider, ClientProviderField } from "../../client/index.js";
import { AuthSigninErrorEvent } from "../../events/auth-signin-error.js";
import { AuthSigninStartEvent } from "../../events/auth-signin-start.js";
import { AuthSigninSuccessEvent } from "../../events/auth-signin-success.js";
import { signinClient as authClient } from "../../internal/auth.js";
import { adoptLightStyles } from "../../internal/element.js";
import { leaving, providerButton } from "../../internal/provider-button.js";
import { themeLogo } from "../../internal/theme.js";
import { FoyerElement } from "../foyer-element.js";
import { lightDomStyles, signinStyles } from "./auth-signin.styles.js";
import { loadPasskeyElements } from "./passkey-loader.js";

let instances = 0;

/**
 * The whole sign-in surface, built from `GET {base-path}/providers`: the same choices as the built-in
 * sign-in page — a button per OAuth/OIDC provider, the e-mail form, the credentials form and the
 * passkey entry point. Forms and inputs are rendered in light DOM so password managers and passkey
 * autofill see them; the chrome around them is in the shadow root. Sign-in happens without a page
 * reload (credentials, e-mail, passkeys); OAuth navigates to the provider.
 *
 * The passkey elements' code (and the SimpleWebAuthn browser library) is loaded only when a WebAuthn provider is
 * shown. Any other way of signing in cancels a pending passkey autofill request first.
 *
 * @summary Sign-in forms and provider buttons for a Foyer on the same origin.
 * @slot footer - Content below the sign-in choices (links, terms).
 * @slot passkey - Internal: where the element places its passkey entry point (an `<auth-passkey-button>` with passkey autofill on an e-mail field, and an `<auth-passkey-register>` for signing up), when `GET /providers` lists a WebAuthn provider and the browser has WebAuthn.
 * @slot form-<provider id> - Internal: where the element places each provider's light-DOM form.
 * @csspart base - The wrapper of everything.
 * @csspart logo - The theme's logo (decorative).
 * @csspart error - The live region that announces errors (`role="alert"`).
 * @csspart divider - The "or" between groups.
 * @csspart spinner - The busy indicator: while providers load, and in a provider button while its sign-in runs (a form's button says "Signing in…" instead).
 * @csspart message - The "check your email" confirmation after an e-mail link was sent.
 * @csspart provider-button - Each OAuth/OIDC provider's button (the same button as `<auth-provider-button>`'s).
 * @csspart provider-logo - Each provider button's logo (decorative).
 * @csspart provider-label - Each provider button's text.
 * @cssprop --auth-color-brand - Submit buttons' background (theme `brandColor`).
 * @cssprop --auth-color-on-brand - Submit buttons' text (theme `buttonText`).
 * @cssprop --auth-color-text - Text.
 * @cssprop --auth-color-text-muted - The divider text.
 * @cssprop --auth-signin-max-width - The element's largest content width (default `22rem`; about 400 px with its padding).
 * @cssprop --auth-color-surface - The element's background (its own surface) and the inputs'.
 * @cssprop --auth-color-border - The element's, the inputs' and the buttons' borders.
 * @cssprop --auth-color-error - Error text; `--auth-color-error-surface` its background.
 * @cssprop --auth-color-focus - Focus rings.
 * @cssprop --auth-radius - Corner radius (twice it for the element's own corners).
 * @cssprop --auth-font-family - Font.
 * @cssprop --auth-button-bg - Submit and provider buttons' background (component tier).
 * @cssprop --auth-button-text - Submit and provider buttons' text (component tier).
 * @cssstate busy - While a sign-in request runs.
 * @fires auth-signin-start - Before a sign-in request; cancelable (`detail.provider`).
 * @fires auth-signin-success - The sign-in succeeded (`detail.provider`, `detail.url`).
 * @fires auth-signin-error - The sign-in failed (`detail.code`: the server's error code, `detail.provider`).
 */
export class AuthSignin extends FoyerElement {
  static override styles = signinStyles;

  static override properties = {
    callbackUrl: { attribute: "callback-url" },
    providers: {},
    redirect: { type: Boolean },
    list: { state: true },
    loadFailed: { state: true },
    pending: { state: true },
    error: { state: true },
    sentEmail: { state: true },
  };

  /** Where to go after signing in. Default: the current page. */
  callbackUrl?: string;
  /** Provider ids to show, in this order (comma- or space-separated). Default: all of them. */
  providers?: string;
  /** Navigate to the callback URL after a successful sign-in. Default: stay on the page (sessions update in place). */
  redirect = false;

  private list?: ClientProvider[];
  private loadFailed = false;
  private pending?: string;
  private error?: { code: string; credentialsCode?: string };
  private sentEmail = false;

  private readonly instance = ++instances;

  override connectedCallback(): void {
    super.connectedCallback();
    adoptLightStyles(this, lightDomStyles);
    void this.load();
  }

  /** Reloads the provider list (e.g. after changing `base-path`). */
  async load(): Promise<void> {
    const providers = await authClient(this.basePath).getProviders();
    this.loadFailed = !providers;
    this.list = Object.values(providers ?? {});
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    if (changed.get("basePath") !== undefined) void this.load();
  }

  /**
   * The providers to show, filtered and ordered by the `providers` attribute. A WebAuthn provider only
   * where the browser has WebAuthn: elsewhere its code is never even loaded.
   */
  private shown(): ClientProvider[] {
    const all = (this.list ?? []).filter((provider) => provider.type !== "webauthn" || typeof PublicKeyCredential === "function");
    const wanted = this.providers?.split(/[\s,]+/).filter(Boolean);
    return wanted?.length ? wanted.flatMap((id) => all.filter((provider) => provider.id === id)) : all;
  }

  override render() {
    const { localize, theme, pending, list, error } = this;
    const { t } = localize;
    const logo = themeLogo(theme, this.basePath);
    const message = this.loadFailed ? t("signinError.NetworkError") : signinErrorMessage(t, error?.code, error?.credentialsCode);
    // Whitespace between the tags is layout only (`.base` is a grid; the build drops it). Elements
    // with text, and the alert (styled with `:empty`), keep their content on one line.
    return html`<div part="base" class="base" lang=${localize.locale} dir=${localize.dir} aria-busy=${!!pending}>
        ${logo ? html`<img part="logo" class="logo" src=${logo} alt="" />` : nothing}
        <div part="error" class="error" role="alert" tabindex="-1">${message}</div>
        ${
          // The one spinner here is the provider list's: a running sign-in shows in its own button (no layout shift).
          !list
            ? html`<span part="spinner" class="spinner" role="status" aria-label=${t("signin.loading")}></span>`
            : this.sentEmail
              ? html`<p part="message" class="sent" role="status">${t("verifyRequest.heading")}. ${t("verifyRequest.message")}</p>`
              : this.groups()
        }
        <slot name="footer"></slot>
      </div>`;
  }

  /**
   * Shadow markup: provider buttons (consecutive ones grouped), a slot where each light-DOM form goes,
   * and an "or" between groups.
   */
  private groups(): TemplateResult[] {
    const out: TemplateResult[] = [];
    let buttons: TemplateResult[] = [];
    const add = (group: TemplateResult) =>
      out.push(...(out.length ? [html`<div part="divider" class="divider">${this.localize.t("signin.or")}</div>`, group] : [group]));
    for (const provider of [...this.shown(), undefined]) {
      if (provider && isButton(provider)) {
        buttons.push(
          providerButton({
            parts: ["provider-button", "provider-logo", "provider-label"],
            style: provider.style,
            label: this.localize.t("signin.withProvider", provider.name),
            busyLabel: this.localize.t("signin.loading"),
            busy: this.pending === provider.id,
            onClick: () => void this.signIn(provider, {}),
          }),
        );
        continue;
      }
      // Many provider buttons get two columns where the element is wide enough (a container query in the styles).
      if (buttons.length) add(html`<div class="base">${buttons}</div>`);
      buttons = [];
      if (provider) add(html`<slot name=${provider.type === "webauthn" ? "passkey" : `form-${provider.id}`}></slot>`);
    }
    return out;
  }

  protected override updated(): void {
    // Forms live in light DOM, where password managers see them; they are rendered next to the shadow root's slots.
    const forms = this.shown()
      .filter((provider) => !isButton(provider))
      .map((provider) => (provider.type === "webauthn" ? this.passkey(provider) : this.form(provider)));
    render(this.sentEmail ? nothing : forms, this, { host: this });
  }

  /**
   * The passkey entry point: `<auth-passkey-button>` (with autofill on the e-mail field) and
   * `<auth-passkey-register>` for a sign-up, sharing that one field, in light DOM. Their code is loaded
   * now, on first use (./passkey-loader.ts).
   */
  private passkey(provider: ClientProvider): TemplateResult {
    void loadPasskeyElements(this.basePath);
    const id = `auth-signin-${this.instance}-${provider.id}-email`;
    return html`<div slot="passkey" class="auth-form">
        <auth-passkey-button
          conditional
          provider=${provider.id}
          base-path=${this.basePath}
          callback-url=${ifDefined(this.callbackUrl)}
          ?redirect=${this.redirect}
          .messages=${this.messages}
        >
          <div class="auth-field">
            <label for=${id}>${this.localize.t("signin.email.label")}</label>
            <input id=${id} name="email" type="email" autocomplete="username webauthn" />
          </div>
        </auth-passkey-button>
        <auth-passkey-register
          input=${id}
          provider=${provider.id}
          base-path=${this.basePath}
          callback-url=${ifDefined(this.callbackUrl)}
          ?redirect=${this.redirect}
          .messages=${this.messages}
        ></auth-passkey-register>
      </div>`;
  }

  private form(provider: ClientProvider): TemplateResult {
    const { t } = this.localize;
    const { id, type } = provider;
    const busy = this.pending === id;
    const email = type === "email";
    const invalid = this.error?.code === "CredentialsSignin" && this.pending === undefined && type === "credentials";
    const input = (field: ClientProviderField) => {
      const fieldId = `auth-signin-${this.instance}-${id}-${field.name}`;
      return html`<div class="auth-field">
          <label for=${fieldId}>${email ? t("signin.email.label") : field.label}</label>
          <input
            id=${fieldId}
            name=${field.name}
            type=${field.type}
            autocomplete=${ifDefined(field.autocomplete)}
            ?required=${field.required ?? email}
            aria-invalid=${invalid}
          />
        </div>`;
    };
    return html`<form slot=${`form-${id}`} class="auth-form" method="post" aria-busy=${busy} @submit=${(event: SubmitEvent) => this.submit(event, provider)}>
        ${(provider.fields ?? []).map(input)}
        <button class="auth-submit" type="submit" ?disabled=${busy}>${busy ? t("signin.loading") : t("signin.withProvider", provider.name)}</button>
      </form>`;
  }

  private submit(event: SubmitEvent, provider: ClientProvider): void {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const fields: Record<string, string> = {};
    for (const [name, value] of new FormData(form)) if (typeof value === "string") fields[name] = value;
    void this.signIn(provider, fields, form);
  }

  /** Signs in with `provider` (one at a time); `form` is the light-DOM form it came from, if any. */
  private async signIn(provider: ClientProvider, fields: Record<string, string>, form?: HTMLFormElement): Promise<void> {
    const { id } = provider;
    // `auth-signin-start` is cancelable: dispatchEvent() is false when a listener prevented it.
    if (this.pending || !this.dispatchEvent(new AuthSigninStartEvent({ provider: id }))) return;
    this.error = undefined;
    this.setPending(id);
    const result = await authClient(this.basePath).signIn(id, fields, this.callbackUrl, this.redirect);
    if (result.ok) {
      this.dispatchEvent(new AuthSigninSuccessEvent({ provider: id, url: result.url }));
      if (isButton(provider)) return leaving(() => this.pending === id && this.setPending(undefined));
      this.setPending(undefined);
      if (provider.type === "email") this.sentEmail = true;
      // The submit button was disabled while pending, which sends focus to <body>: bring it back.
      await this.updateComplete;
      if (form?.isConnected) form.querySelector<HTMLElement>(".auth-submit")?.focus();
      return;
    }
    this.setPending(undefined);
    const code = result.error ?? "Configuration";
    this.error = { code, credentialsCode: result.code };
    this.dispatchEvent(new AuthSigninErrorEvent({ provider: id, code, credentialsCode: result.code }));
    await this.updateComplete;
    // A failure that is not about one field: focus the announcement, so screen readers read it.
    this.renderRoot.querySelector<HTMLElement>(".error")?.focus();
  }

  private setPending(provider: string | undefined): void {
    this.pending = provider;
    this.setBusy(!!provider);
  }
}

/** OAuth and OIDC providers are buttons; the others (credentials, e-mail, WebAuthn) are forms. */
const isButton = (provider: ClientProvider) => provider.type === "oauth" || provider.type === "oidc";

declare global {
  interface HTMLElementTagNameMap {
    "auth-signin": AuthSignin;
  }
}
