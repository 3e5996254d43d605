import { LitElement, html, nothing, render, type TemplateResult } from "lit";
import { property, state } from "lit/decorators.js";
import { ifDefined } from "lit/directives/if-defined.js";
import { signinErrorMessage } from "../../../locales/translator.js";
import type { MessageOverrides } from "../../../locales/types.js";
import type { Theme } from "../../../server/types.js";
import { isSafeImageUrl } from "../../../theme/image-url.js";
import type { ClientProvider } from "../../client/index.js";
import { AuthSigninErrorEvent } from "../../events/auth-signin-error.js";
import { AuthSigninStartEvent } from "../../events/auth-signin-start.js";
import { AuthSigninSuccessEvent } from "../../events/auth-signin-success.js";
import { DEFAULT_BASE_PATH, signinClient as authClient } from "../../internal/auth.js";
import { LocalizeController } from "../../internal/localize.js";
import { applyTheme, themeConverter } from "../../internal/theme.js";
import { lightDomStyles, signinStyles } from "./auth-signin.styles.js";

let instances = 0;
let lightSheet: CSSStyleSheet | undefined;

/**
 * The whole sign-in surface, built from `GET {base-path}/providers`: the same choices as the built-in
 * sign-in page — a button per OAuth/OIDC provider, the e-mail form, the credentials form and the
 * passkey entry point. Forms and inputs are rendered in light DOM so password managers and passkey
 * autofill see them; the chrome around them is in the shadow root. Sign-in happens without a page
 * reload (credentials, e-mail); OAuth navigates to the provider.
 *
 * @summary Sign-in forms and provider buttons for a Foyer on the same origin.
 * @slot footer - Content below the sign-in choices (links, terms).
 * @slot passkey - The passkey entry point, where a WebAuthn provider is configured (filled by the passkey elements).
 * @slot form-<provider id> - Internal: where the element places each provider's light-DOM form.
 * @csspart base - The wrapper of everything.
 * @csspart logo - The theme's logo (decorative).
 * @csspart error - The live region that announces errors (`role="alert"`).
 * @csspart divider - The "or" between groups.
 * @csspart spinner - The busy indicator while providers load.
 * @csspart message - The "check your email" confirmation after an e-mail link was sent.
 * @csspart provider-button - Each provider's button (re-exported from `<auth-provider-button>`).
 * @csspart provider-logo - Each provider button's logo.
 * @csspart provider-label - Each provider button's text.
 * @cssprop --auth-color-brand - Submit buttons' background (theme `brandColor`).
 * @cssprop --auth-color-on-brand - Submit buttons' text (theme `buttonText`).
 * @cssprop --auth-color-text - Text.
 * @cssprop --auth-color-text-muted - The divider text.
 * @cssprop --auth-color-surface - Input background.
 * @cssprop --auth-color-border - Input and button borders.
 * @cssprop --auth-color-error - Error text; `--auth-color-error-surface` its background.
 * @cssprop --auth-color-focus - Focus rings.
 * @cssprop --auth-radius - Corner radius.
 * @cssprop --auth-font-family - Font.
 * @cssprop --auth-button-bg - Submit and provider buttons' background (component tier).
 * @cssprop --auth-button-text - Submit and provider buttons' text (component tier).
 * @cssstate busy - While a sign-in request runs.
 * @fires auth-signin-start - Before a sign-in request; cancelable (`detail.provider`).
 * @fires auth-signin-success - The sign-in succeeded (`detail.provider`, `detail.url`).
 * @fires auth-signin-error - The sign-in failed (`detail.code`: the server's error code, `detail.provider`).
 */
export class AuthSignin extends LitElement {
  static override styles = signinStyles;

  /** Where Foyer is mounted on this origin. */
  @property({ attribute: "base-path" }) basePath = DEFAULT_BASE_PATH;
  /** Where to go after signing in. Default: the current page. */
  @property({ attribute: "callback-url" }) callbackUrl?: string;
  /** Provider ids to show, in this order (comma- or space-separated). Default: all of them. */
  @property() providers?: string;
  /** Navigate to the callback URL after a successful sign-in. Default: stay on the page (sessions update in place). */
  @property({ type: Boolean }) redirect = false;
  /** The spec's `Theme` (JSON in the attribute). */
  @property({ converter: themeConverter }) theme?: Theme;
  /** Per-locale message overrides, e.g. `{ en: { "signin.heading": "Welcome" } }`. */
  @property({ attribute: false }) messages?: Record<string, MessageOverrides>;

  @state() private list?: ClientProvider[];
  @state() private loadFailed = false;
  @state() private pending?: string;
  @state() private error?: { code: string; credentialsCode?: string };
  @state() private sentEmail = false;

  private readonly localize = new LocalizeController(this);
  private readonly instance = ++instances;
  private internals?: ElementInternals;

  override connectedCallback(): void {
    super.connectedCallback();
    this.internals ??= this.attachInternals?.();
    this.adoptLightStyles();
    void this.load();
  }

  /** Reloads the provider list (e.g. after changing `base-path`). */
  async load(): Promise<void> {
    const providers = await authClient(this.basePath).getProviders();
    this.loadFailed = !providers;
    this.list = providers ? Object.values(providers) : [];
  }

  protected override willUpdate(changed: Map<string, unknown>): void {
    if (changed.has("theme")) applyTheme(this, this.theme);
    if (changed.has("basePath") && changed.get("basePath") !== undefined) void this.load();
  }

  /** The providers to show, filtered and ordered by the `providers` attribute. */
  private shown(): ClientProvider[] {
    const all = this.list ?? [];
    const wanted = this.providers?.split(/[\s,]+/).filter(Boolean);
    if (!wanted?.length) return all;
    return wanted.flatMap((id) => all.filter((provider) => provider.id === id));
  }

  override render() {
    const { t } = this.localize;
    const logo = this.theme?.logo && isSafeImageUrl(this.theme.logo) ? this.theme.logo : undefined;
    const message = this.loadFailed ? t("signinError.NetworkError") : signinErrorMessage(t, this.error?.code, this.error?.credentialsCode);
    return html`<div part="base" class="base" lang=${this.localize.locale} dir=${this.localize.dir} aria-busy=${this.pending ? "true" : "false"}>
      ${logo ? html`<img part="logo" class="logo" src=${logo} alt="" />` : nothing}
      <div part="error" class="error" role="alert" tabindex="-1">${message ?? ""}</div>
      ${this.pending ? html`<div class="status"><span part="spinner" class="spinner" role="status" aria-label=${t("signin.loading")}></span></div>` : nothing}
      ${this.list === undefined
        ? html`<div class="status"><span part="spinner" class="spinner" role="status" aria-label=${t("signin.loading")}></span></div>`
        : this.sentEmail
          ? html`<p part="message" class="sent" role="status">${t("verifyRequest.heading")}. ${t("verifyRequest.message")}</p>`
          : this.groups()}
      <slot name="footer"></slot>
    </div>`;
  }

  /** Shadow markup: provider buttons, dividers, and a slot where each light-DOM form goes. */
  private groups(): TemplateResult[] {
    const out: TemplateResult[] = [];
    let buttons: ClientProvider[] = [];
    const flush = () => {
      if (buttons.length) out.push(html`<div class="base">${buttons.map((provider) => this.providerButton(provider))}</div>`);
      buttons = [];
    };
    for (const provider of this.shown()) {
      if (provider.type === "oauth" || provider.type === "oidc") {
        buttons.push(provider);
        continue;
      }
      flush();
      out.push(provider.type === "webauthn" ? html`<slot name="passkey"></slot>` : html`<slot name=${`form-${provider.id}`}></slot>`);
    }
    flush();
    return out.flatMap((group, index) => (index ? [html`<div part="divider" class="divider">${this.localize.t("signin.or")}</div>`, group] : [group]));
  }

  private providerButton(provider: ClientProvider): TemplateResult {
    return html`<auth-provider-button
      exportparts="button: provider-button, logo: provider-logo, label: provider-label"
      provider=${provider.id}
      name=${provider.name}
      base-path=${this.basePath}
      callback-url=${ifDefined(this.callbackUrl)}
      .descriptor=${provider}
      .messages=${this.messages}
    ></auth-provider-button>`;
  }

  protected override updated(): void {
    // Forms live in light DOM (ui-kit §3); they are rendered next to the shadow root's slots.
    render(this.sentEmail ? nothing : this.forms(), this, { host: this });
  }

  private forms(): TemplateResult[] {
    return this.shown()
      .filter((provider) => provider.type === "email" || provider.type === "credentials")
      .map((provider) => this.form(provider));
  }

  private form(provider: ClientProvider): TemplateResult {
    const { t } = this.localize;
    const busy = this.pending === provider.id;
    const invalid = this.error?.code === "CredentialsSignin" && this.pending === undefined && provider.type === "credentials";
    return html`<form slot=${`form-${provider.id}`} class="auth-form" method="post" aria-busy=${busy ? "true" : "false"} @submit=${(event: SubmitEvent) => this.submit(event, provider)}>
      ${(provider.fields ?? []).map((field) => {
        const id = `auth-signin-${this.instance}-${provider.id}-${field.name}`;
        return html`<div class="auth-field">
          <label for=${id}>${provider.type === "email" ? t("signin.email.label") : field.label}</label>
          <input
            id=${id}
            name=${field.name}
            type=${field.type}
            autocomplete=${ifDefined(field.autocomplete)}
            placeholder=${ifDefined(provider.type === "email" ? t("signin.email.placeholder") : undefined)}
            ?required=${field.required ?? provider.type === "email"}
            aria-invalid=${invalid ? "true" : "false"}
          />
        </div>`;
      })}
      <button class="auth-submit" type="submit" ?disabled=${busy}>${busy ? t("signin.loading") : t("signin.withProvider", provider.name)}</button>
    </form>`;
  }

  private async submit(event: SubmitEvent, provider: ClientProvider): Promise<void> {
    event.preventDefault();
    if (this.pending) return;
    const start = new AuthSigninStartEvent({ provider: provider.id });
    this.dispatchEvent(start);
    if (start.defaultPrevented) return;
    const form = event.currentTarget as HTMLFormElement;
    const fields: Record<string, string> = {};
    for (const [name, value] of new FormData(form)) if (typeof value === "string") fields[name] = value;
    this.error = undefined;
    this.setPending(provider.id);
    const result = await authClient(this.basePath).signIn(provider.id, { ...fields, callbackUrl: this.callbackUrl ?? location.href, redirect: this.redirect });
    this.setPending(undefined);
    if (result.ok) {
      if (provider.type === "email") this.sentEmail = true;
      this.dispatchEvent(new AuthSigninSuccessEvent({ provider: provider.id, url: result.url }));
      // The submit button was disabled while pending, which sends focus to <body>: bring it back.
      await this.updateComplete;
      if (form.isConnected) form.querySelector<HTMLElement>(".auth-submit")?.focus();
      return;
    }
    const code = result.error ?? "Configuration";
    this.error = { code, credentialsCode: result.code };
    this.dispatchEvent(new AuthSigninErrorEvent({ provider: provider.id, code, credentialsCode: result.code }));
    await this.updateComplete;
    // A failure that is not about one field: focus the announcement (ui-kit §8.2).
    this.renderRoot.querySelector<HTMLElement>(".error")?.focus();
  }

  private setPending(provider: string | undefined): void {
    this.pending = provider;
    try {
      if (provider) this.internals?.states.add("busy");
      else this.internals?.states.delete("busy");
    } catch {
      // custom states are optional; aria-busy carries the same information
    }
  }

  /** Adopts the light-DOM form styles into the document (or shadow root) the element lives in, once. */
  private adoptLightStyles(): void {
    const root = this.getRootNode() as Document | ShadowRoot;
    if (!("adoptedStyleSheets" in root)) return;
    if (!lightSheet) {
      lightSheet = new CSSStyleSheet();
      lightSheet.replaceSync(lightDomStyles);
    }
    if (!root.adoptedStyleSheets.includes(lightSheet)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, lightSheet];
  }
}

declare global {
  interface HTMLElementTagNameMap {
    "auth-signin": AuthSignin;
  }
}
