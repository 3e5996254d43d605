import { html, nothing, render, type PropertyValues, type TemplateResult } from "lit";
import { signinErrorMessage } from "../../../locales/translator.js";
import type { ClientProvider, ClientProviderField, SignInResult } from "../../client/index.js";
import { AuthSigninErrorEvent } from "../../events/auth-signin-error.js";
import { AuthSigninStartEvent } from "../../events/auth-signin-start.js";
import { AuthSigninSuccessEvent } from "../../events/auth-signin-success.js";
import { loadProviders } from "../../internal/auth.js";
import { adoptLightStyles } from "../../internal/element.js";
import { leaving, providerButton } from "../../internal/provider-button.js";
import { themeBrand } from "../../internal/theme.js";
import { FoyerElement } from "../foyer-element.js";
import { lightDomStyles, signinStyles } from "./auth-signin.styles.js";
import { loadPasskeyElements } from "./passkey-loader.js";
import { loadSignInRequest } from "./sign-in-request-loader.js";

let instances = 0;

/**
 * The whole sign-in surface, built from `GET {base-path}/providers`, with the same structure as the
 * built-in sign-in page: an optional brand header (the theme's logo and app name); a button per
 * OAuth/OIDC provider; one "or"; then ONE form around ONE e-mail field that every e-mail-based method
 * shares (a credentials provider with a field named `email`, the e-mail link, passkeys), with a
 * password field only where credentials need one, exactly one primary button ("Continue") and the other
 * methods as secondary buttons of the same form ("Email me a sign-in link", "Use a passkey", "Create
 * account with a passkey"). Credentials providers without an e-mail field get forms of their own.
 *
 * Forms and inputs are rendered in light DOM so password managers and passkey autofill see them; the
 * chrome around them is in the shadow root. Sign-in happens without a page reload (credentials,
 * e-mail, passkeys); OAuth navigates to the provider. After a failed credentials sign-in the typed
 * values stay and the form's fields are marked `aria-invalid` and described by the error message.
 *
 * The passkey elements' code (and the SimpleWebAuthn browser library) is loaded only when a WebAuthn provider is
 * shown, and the code that posts a sign-in (CSRF token, request, answer) on the visitor's first
 * interaction: focus or a pointer over the element (./sign-in-request.ts). Any other way of signing in
 * cancels a pending passkey autofill request first.
 *
 * Provider names and the app's credential field labels are translatable like every other text:
 * `signin.provider.<id>` and `signin.field.<provider id>.<field name>` in `messages` (docs/elements.md).
 *
 * @summary Sign-in forms and provider buttons for a Foyer on the same origin.
 * @slot footer - Content below the sign-in choices (links, terms).
 * @slot form - Internal: where the element places the light-DOM form of the e-mail-based methods (with `<auth-passkey-button>` and `<auth-passkey-register>` in it when `GET /providers` lists a WebAuthn provider and the browser has WebAuthn).
 * @slot form-<provider id> - Internal: where the element places the light-DOM form of each credentials provider without an e-mail field.
 * @csspart base - The wrapper of everything.
 * @csspart header - The brand header (logo and app name), when the theme has either.
 * @csspart logo - The theme's logo (decorative).
 * @csspart app-name - The theme's `appName`.
 * @csspart error - The live region that announces errors (`role="alert"`).
 * @csspart divider - The "or" between groups.
 * @csspart providers - The group of OAuth/OIDC buttons (two columns when there are more than three and the element is wide enough).
 * @csspart spinner - The busy indicator: while providers load, and in a provider button while its sign-in runs (a form's button shows its own spinner and "Signing in…").
 * @csspart message - The "check your email" confirmation after an e-mail link was sent.
 * @csspart provider-button - Each OAuth/OIDC provider's button (the same button as `<auth-provider-button>`'s).
 * @csspart provider-logo - Each provider button's logo (decorative).
 * @csspart provider-label - Each provider button's text.
 * @cssprop --auth-color-brand - The primary button's background (theme `brandColor`).
 * @cssprop --auth-color-on-brand - The primary button's text (theme `buttonText`).
 * @cssprop --auth-color-text - Text, and the secondary buttons' text.
 * @cssprop --auth-color-text-muted - The divider text.
 * @cssprop --auth-signin-max-width - The element's largest width, padding and border included (default `25rem`, 400 px). It takes the whole width of its container up to that.
 * @cssprop --auth-color-surface - The element's background (its own surface) and the inputs'.
 * @cssprop --auth-color-border - The element's, the inputs' and the buttons' borders.
 * @cssprop --auth-color-error - Error text and invalid fields' borders; `--auth-color-error-surface` the message's background.
 * @cssprop --auth-color-focus - Focus rings.
 * @cssprop --auth-radius - Corner radius (twice it for the element's own corners).
 * @cssprop --auth-font-family - Font.
 * @cssprop --auth-button-bg - The primary button's background (component tier). Provider buttons are outlined unless the provider has brand colours; restyle them through `::part(provider-button)`.
 * @cssprop --auth-button-text - The primary button's text (component tier).
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
  /** Provider ids to show (comma- or space-separated; OAuth/OIDC buttons in this order). Default: all of them. */
  providers?: string;
  /** Navigate to the callback URL after a successful sign-in. Default: stay on the page (sessions update in place). */
  redirect = false;

  private list?: ClientProvider[];
  private loadFailed = false;
  private pending?: string;
  private error?: { code: string; credentialsCode?: string; provider: string };
  private sentEmail = false;

  /** The prefix of the ids of this element's light-DOM fields (unique on the page). */
  private readonly ids = `auth-signin-${++instances}-`;

  override connectedCallback(): void {
    super.connectedCallback();
    adoptLightStyles(this, lightDomStyles);
    void this.load();
    // The sign-in request code, as soon as the visitor turns to the element (it is ready by the time they submit).
    for (const type of ["focusin", "pointerover"]) this.addEventListener(type, () => void loadSignInRequest(this.basePath).catch(() => {}), { once: true });
  }

  /** Reloads the provider list (e.g. after changing `base-path`). */
  async load(): Promise<void> {
    const providers = await loadProviders(this.basePath);
    this.loadFailed = !providers;
    this.list = Object.values(providers ?? {});
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    if (changed.get("basePath") !== undefined) void this.load();
  }

  /**
   * The providers to show, filtered and ordered by the `providers` attribute, by kind: OAuth/OIDC
   * buttons; the credentials provider whose identifier is an e-mail, the e-mail link and passkeys,
   * which share one form; and the other credentials providers. A WebAuthn provider only where the
   * browser has WebAuthn: elsewhere its code is never even loaded.
   */
  private methods() {
    const all = (this.list ?? []).filter((provider) => provider.type !== "webauthn" || typeof PublicKeyCredential === "function");
    const wanted = this.providers?.split(/[\s,]+/).filter(Boolean);
    const shown = wanted?.length ? wanted.flatMap((id) => all.filter((provider) => provider.id === id)) : all;
    const credentials = shown.filter((provider) => provider.type === "credentials");
    const shared = credentials.find((provider) => provider.fields?.some((field) => field.name === "email"));
    return {
      buttons: shown.filter(isButton),
      shared,
      link: shown.find((provider) => provider.type === "email"),
      passkey: shown.find((provider) => provider.type === "webauthn"),
      others: credentials.filter((provider) => provider !== shared),
    };
  }

  /** The error message to show, if any. */
  private message(): string | undefined {
    const { error } = this;
    return this.loadFailed ? this.localize.t("signinError.NetworkError") : signinErrorMessage(this.localize.t, error?.code, error?.credentialsCode);
  }

  override render() {
    const { localize, pending, list } = this;
    const { t } = localize;
    const { logo, appName } = themeBrand(this.theme, this.basePath) ?? {};
    // Whitespace between the tags is layout only (`.base` is a grid; the build drops it). Elements
    // with text, and the alert (styled with `:empty`), keep their content on one line.
    return html`<div part="base" class="base" lang=${localize.locale} dir=${localize.dir} aria-busy=${!!pending}>
        ${
          logo || appName
            ? html`<div part="header" class="header">${logo ? html`<img part="logo" class="logo" src=${logo} alt="" />` : nothing}${appName ? html`<span part="app-name" class="app-name">${appName}</span>` : nothing}</div>`
            : nothing
        }
        <div part="error" class="error" role="alert" tabindex="-1">${this.message()}</div>
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

  /** Shadow markup: the provider buttons, the slots where the light-DOM forms go, and an "or" between groups. */
  private groups(): TemplateResult[] {
    const { buttons, shared, link, passkey, others } = this.methods();
    const out: TemplateResult[] = [];
    const add = (group: TemplateResult) =>
      out.push(...(out.length ? [html`<div part="divider" class="divider">${this.localize.t("signin.or")}</div>`, group] : [group]));
    // Many provider buttons get two columns where the element is wide enough (a container query in the styles).
    if (buttons.length)
      add(
        html`<div part="providers" class=${buttons.length > 3 ? "providers many" : "providers"}>${buttons.map((provider) =>
          providerButton({
            parts: ["provider-button", "provider-logo", "provider-label"],
            style: provider.style,
            label: this.localize.t("signin.withProvider", this.nameOf(provider) ?? provider.name),
            busyLabel: this.localize.t("signin.loading"),
            busy: this.pending === provider.id,
            onClick: () => void this.signIn(provider, {}),
          }),
        )}</div>`,
      );
    if (shared || link || passkey) add(html`<slot name="form"></slot>`);
    for (const provider of others) add(html`<slot name=${`form-${provider.id}`}></slot>`);
    return out;
  }

  protected override updated(): void {
    // Forms live in light DOM, where password managers see them; they are rendered next to the shadow root's slots.
    const { shared, link, passkey, others } = this.methods();
    const first = shared ?? link;
    const forms = others.map((provider, index) =>
      // The first of them carries the primary button when no shared form does (passkeys alone have their own).
      this.form(`form-${provider.id}`, provider, provider.fields ?? [], [
        this.button(provider, !index && !first ? undefined : this.credentialsLabel(provider)),
      ]),
    );
    if (first || passkey) {
      const email = `${this.ids}email`;
      const fields = shared?.fields?.filter((field) => field.name !== "email") ?? [];
      forms.unshift(
        this.form(
          "form",
          shared,
          fields,
          [
            first ? this.button(first) : nothing,
            shared && link ? this.button(link, this.localize.t("signin.emailLink")) : nothing,
            passkey ? this.passkey(passkey, email, !!first) : nothing,
          ],
          email,
          !!passkey,
        ),
      );
    }
    render(this.sentEmail ? nothing : forms, this, { host: this });
  }

  /**
   * A provider's name as the app translated it (`signin.provider.<id>`), else its configured name —
   * except Auth.js's default "Credentials", which means nothing to a visitor (`undefined`).
   */
  private nameOf(provider: ClientProvider): string | undefined {
    const name = this.localize.t(`signin.provider.${provider.id}`) ?? provider.name;
    return name === "Credentials" ? undefined : name;
  }

  /** A secondary credentials button names the provider as the app does ("Sign in with Acme account"), else says "Continue". */
  private credentialsLabel(provider: ClientProvider): string {
    const name = this.nameOf(provider);
    return name ? this.localize.t("signin.withProvider", name) : this.localize.t("signin.continue");
  }

  /**
   * A light-DOM form: the shared e-mail field (`email`, its id) when given, `provider`'s other fields,
   * then the buttons. After `provider` failed, its fields are marked invalid and described by the
   * message (a hidden copy here in light DOM, as `aria-describedby` cannot point into the shadow root).
   */
  private form(
    slot: string,
    provider: ClientProvider | undefined,
    fields: ClientProviderField[],
    buttons: unknown[],
    email?: string,
    webauthn?: boolean,
  ): TemplateResult {
    const invalid = !!provider && this.error?.provider === provider.id && !this.pending;
    const described = invalid ? `${this.ids}${slot}-error` : undefined;
    const input = (id: string, field: ClientProviderField, label: string) =>
      html`<div class="auth-field">
          <label for=${id}>${label}</label>
          <input
            id=${id}
            name=${field.name}
            type=${field.type}
            autocomplete=${field.autocomplete ?? nothing}
            ?required=${field.required}
            aria-invalid=${invalid}
            aria-describedby=${described ?? nothing}
          />
        </div>`;
    const t = this.localize.t;
    const own = provider?.fields?.find((field) => field.name === "email")?.label;
    return html`<form slot=${slot} class="auth-form" method="post" aria-busy=${!!this.pending} @submit=${this.submit}>
        ${described ? html`<p id=${described} hidden>${this.message()}</p>` : nothing}
        ${
          email
            ? input(
                email,
                { name: "email", type: "email", label: "", autocomplete: webauthn ? "username webauthn" : "email", required: true },
                // The app's own label of the shared field, unless it is the generic English "Email" (said in the page's language).
                (provider && t(`signin.field.${provider.id}.email`)) ?? (own === "Email" ? undefined : own) ?? t("signin.email.label"),
              )
            : nothing
        }
        ${fields.map((field) => input(`${this.ids}${provider!.id}-${field.name}`, field, t(`signin.field.${provider!.id}.${field.name}`) ?? field.label))}
        ${buttons}
      </form>`;
  }

  /**
   * A submit button of `provider`: the primary "Continue" without `label`, else a secondary one. A
   * secondary button skips the browser's validation (a required password must not stop an e-mail
   * link); the submit handler checks what that method needs.
   */
  private button(provider: ClientProvider, label?: string): TemplateResult {
    const busy = this.pending === provider.id;
    return html`<button class=${label ? "auth-submit auth-alt" : "auth-submit"} type="submit" data-provider=${provider.id} ?formnovalidate=${!!label} ?disabled=${busy}>${
      busy ? html`<span class="auth-spinner"></span>${this.localize.t("signin.loading")}` : (label ?? this.localize.t("signin.continue"))
    }</button>`;
  }

  /**
   * The passkey buttons of the shared form: `<auth-passkey-button>` (with autofill on the shared
   * e-mail field) and `<auth-passkey-register>` for a sign-up with the typed address; secondary
   * unless passkeys are the form's only method. Their code is loaded now, on first use (./passkey-loader.ts).
   */
  private passkey(provider: ClientProvider, input: string, secondary: boolean): TemplateResult {
    void loadPasskeyElements(this.basePath);
    return html`<auth-passkey-button
        class=${secondary ? "auth-alt" : ""}
        conditional
        input=${input}
        provider=${provider.id}
        base-path=${this.basePath}
        callback-url=${this.callbackUrl ?? nothing}
        ?redirect=${this.redirect}
        .messages=${this.messages}
        ><span slot="label">${this.localize.t("signin.passkey.use")}</span></auth-passkey-button
      ><auth-passkey-register
        class="auth-alt"
        input=${input}
        provider=${provider.id}
        base-path=${this.basePath}
        callback-url=${this.callbackUrl ?? nothing}
        ?redirect=${this.redirect}
        .messages=${this.messages}
      ></auth-passkey-register>`;
  }

  /** A form's submission: the method is its pressed button's provider (the first button's on Enter). */
  private readonly submit = (event: SubmitEvent): void => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const provider = this.list?.find((candidate) => candidate.id === (event.submitter as HTMLElement | null)?.dataset.provider);
    if (!provider) return;
    const email = form.querySelector<HTMLInputElement>('input[name="email"]');
    // The e-mail link sends the address only (never a password typed for credentials), once it is valid.
    if (provider.type === "email") {
      if (email?.reportValidity()) void this.signIn(provider, { email: email.value }, form);
      return;
    }
    const fields: Record<string, string> = {};
    for (const [name, value] of new FormData(form)) if (typeof value === "string") fields[name] = value;
    void this.signIn(provider, fields, form);
  };

  /** Signs in with `provider` (one at a time); `form` is the light-DOM form it came from, if any. */
  private async signIn(provider: ClientProvider, fields: Record<string, string>, form?: HTMLFormElement): Promise<void> {
    const { id } = provider;
    // `auth-signin-start` is cancelable: dispatchEvent() is false when a listener prevented it.
    if (this.pending || !this.dispatchEvent(new AuthSigninStartEvent({ provider: id }))) return;
    this.error = undefined;
    this.setPending(id);
    const result: SignInResult = await loadSignInRequest(this.basePath).then(
      (module) => module.requestSignIn(this.basePath, id, fields, this.callbackUrl, this.redirect),
      () => ({ ok: false, status: 0, url: null, error: "NetworkError" }),
    );
    if (result.ok) {
      this.dispatchEvent(new AuthSigninSuccessEvent({ provider: id, url: result.url }));
      if (isButton(provider)) return leaving(() => this.pending === id && this.setPending(undefined));
      this.setPending(undefined);
      if (provider.type === "email") this.sentEmail = true;
      // The submit button was disabled while pending, which sends focus to <body>: bring it back.
      await this.updateComplete;
      if (form?.isConnected) form.querySelector<HTMLElement>(`[data-provider="${id}"]`)?.focus();
      return;
    }
    this.setPending(undefined);
    const code = result.error ?? "Configuration";
    this.error = { code, credentialsCode: result.code, provider: id };
    this.dispatchEvent(new AuthSigninErrorEvent({ provider: id, code, credentialsCode: result.code }));
    await this.updateComplete;
    // Focus the announcement, so screen readers read it (the marked fields are described by it too).
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
