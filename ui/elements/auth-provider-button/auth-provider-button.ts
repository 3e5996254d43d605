import { LitElement, html, nothing } from "lit";
import { property, state } from "lit/decorators.js";
import type { ClientProvider } from "../../client/index.js";
import { AuthSigninErrorEvent } from "../../events/auth-signin-error.js";
import { AuthSigninStartEvent } from "../../events/auth-signin-start.js";
import { AuthSigninSuccessEvent } from "../../events/auth-signin-success.js";
import { DEFAULT_BASE_PATH, signinClient as authClient } from "../../internal/auth.js";
import { LocalizeController } from "../../internal/localize.js";
import { applyTheme, themeConverter } from "../../internal/theme.js";
import { isSafeImageUrl } from "../../../theme/image-url.js";
import type { MessageOverrides } from "../../../locales/index.js";
import type { Theme } from "../../../server/types.js";
import { providerButtonStyles } from "./auth-provider-button.styles.js";

/**
 * One provider's sign-in button. Usable alone (`<auth-provider-button provider="github">`), and used by
 * `<auth-signin>` for every OAuth/OIDC provider. Clicking it starts the provider's sign-in through
 * Foyer on the same origin (the browser then navigates to the provider).
 *
 * @summary A "Sign in with …" button for one provider.
 * @csspart button - The button (also exported by `<auth-signin>` as `provider-button`).
 * @csspart logo - The provider's logo (decorative).
 * @csspart label - The button text.
 * @csspart spinner - Shown while the sign-in request runs; has an accessible name.
 * @cssprop --auth-button-bg - Button background (default: the provider's brand colour, else `--auth-color-brand`).
 * @cssprop --auth-button-text - Button text colour.
 * @cssprop --auth-color-border - Button border.
 * @cssprop --auth-color-focus - Focus ring.
 * @cssprop --auth-radius - Corner radius.
 * @cssprop --auth-font-family - Font.
 * @cssstate busy - While the sign-in request runs.
 * @fires auth-signin-start - Before signing in; cancelable.
 * @fires auth-signin-success - The server accepted the sign-in (the browser is navigating to the provider).
 * @fires auth-signin-error - The sign-in failed; `detail.code` is the error code.
 */
export class AuthProviderButton extends LitElement {
  static override styles = providerButtonStyles;

  /** The provider id (`github`, …). */
  @property({ reflect: true }) provider = "";
  /** Where Foyer is mounted on this origin. */
  @property({ attribute: "base-path" }) basePath = DEFAULT_BASE_PATH;
  /** Where to go after signing in. Default: the current page. */
  @property({ attribute: "callback-url" }) callbackUrl?: string;
  /** The button's label name; fetched from `GET {base-path}/providers` when not set. */
  @property() name?: string;
  /** The spec's `Theme` (JSON in the attribute). */
  @property({ converter: themeConverter }) theme?: Theme;
  /** Per-locale message overrides. */
  @property({ attribute: false }) messages?: Record<string, MessageOverrides>;
  /** The provider's description, as `GET /providers` returns it; set by `<auth-signin>`, fetched otherwise. */
  @property({ attribute: false }) descriptor?: ClientProvider;

  @state() private busy = false;

  private readonly localize = new LocalizeController(this);
  private internals?: ElementInternals;

  override connectedCallback(): void {
    super.connectedCallback();
    this.internals ??= this.attachInternals?.();
    if (!this.descriptor && this.provider) void this.loadDescriptor();
  }

  private async loadDescriptor(): Promise<void> {
    const providers = await authClient(this.basePath).getProviders();
    const descriptor = providers && Object.hasOwn(providers, this.provider) ? providers[this.provider] : undefined;
    if (descriptor) this.descriptor = descriptor;
  }

  protected override willUpdate(changed: Map<string, unknown>): void {
    if (changed.has("theme")) applyTheme(this, this.theme);
    if (changed.has("descriptor") || changed.has("theme")) {
      const style = this.descriptor?.style;
      // The provider's colours, validated server-side; the theme's brand colour applies to other buttons.
      if (style?.brandColor) this.style.setProperty("--auth-button-bg", style.brandColor);
      if (style?.textColor) this.style.setProperty("--auth-button-text", style.textColor);
    }
  }

  override render() {
    const { t } = this.localize;
    const name = this.name ?? this.descriptor?.name ?? this.provider;
    const logo = this.descriptor?.style?.logo;
    return html`<button part="button" class="button" type="button" lang=${this.localize.locale} dir=${this.localize.dir} ?disabled=${this.busy} aria-busy=${this.busy ? "true" : "false"} @click=${this.signIn}>
      ${logo && isSafeImageUrl(logo) ? html`<img part="logo" class="logo" src=${logo} alt="" />` : nothing}
      <span part="label">${t("signin.withProvider", name)}</span>
      ${this.busy ? html`<span part="spinner" class="spinner" role="status" aria-label=${t("signin.loading")}></span>` : nothing}
    </button>`;
  }

  /** Starts the sign-in, as a click does. */
  async signIn(): Promise<void> {
    if (this.busy || !this.provider) return;
    const start = new AuthSigninStartEvent({ provider: this.provider });
    this.dispatchEvent(start);
    if (start.defaultPrevented) return;
    // A disabled button drops focus to <body> while busy; give it back only if it was here.
    const hadFocus = this.matches(":focus-within");
    this.setBusy(true);
    const result = await authClient(this.basePath).signIn(this.provider, { callbackUrl: this.callbackUrl ?? location.href });
    if (result.ok) {
      this.dispatchEvent(new AuthSigninSuccessEvent({ provider: this.provider, url: result.url }));
      return; // the client is navigating to the provider; stay busy until the page goes
    }
    this.setBusy(false);
    if (hadFocus) {
      await this.updateComplete;
      this.renderRoot.querySelector<HTMLElement>("button")?.focus();
    }
    this.dispatchEvent(new AuthSigninErrorEvent({ provider: this.provider, code: result.error ?? "Configuration", credentialsCode: result.code }));
  }

  private setBusy(busy: boolean): void {
    this.busy = busy;
    try {
      if (busy) this.internals?.states.add("busy");
      else this.internals?.states.delete("busy");
    } catch {
      // custom states are not supported everywhere; the aria-busy attribute still says it
    }
  }
}

declare global {
  interface HTMLElementTagNameMap {
    "auth-provider-button": AuthProviderButton;
  }
}
