import type { ClientProvider } from "../../client/index.js";
import { AuthSigninErrorEvent } from "../../events/auth-signin-error.js";
import { AuthSigninStartEvent } from "../../events/auth-signin-start.js";
import { AuthSigninSuccessEvent } from "../../events/auth-signin-success.js";
import { signinClient as authClient } from "../../internal/auth.js";
import { leaving, providerButton } from "../../internal/provider-button.js";
import { FoyerElement } from "../foyer-element.js";
import { providerButtonStyles } from "./auth-provider-button.styles.js";

/**
 * One provider's sign-in button, for pages that compose their own sign-in
 * (`<auth-provider-button provider="github">`); `<auth-signin>` renders the same button for every
 * OAuth/OIDC provider itself. Clicking it starts the provider's sign-in through Foyer on the same
 * origin (the browser then navigates to the provider).
 *
 * @summary A "Sign in with …" button for one provider.
 * @csspart button - The button (`<auth-signin>` has the same button as its `provider-button` part).
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
export class AuthProviderButton extends FoyerElement {
  static override styles = providerButtonStyles;

  static override properties = {
    provider: { reflect: true },
    callbackUrl: { attribute: "callback-url" },
    name: {},
    descriptor: { attribute: false },
  };

  /** The provider id (`github`, …). */
  provider = "";
  /** Where to go after signing in. Default: the current page. */
  callbackUrl?: string;
  /** The button's label name; fetched from `GET {base-path}/providers` when not set. */
  name?: string;
  /** The provider's description, as `GET /providers` returns it; set by `<auth-signin>`, fetched otherwise. */
  descriptor?: ClientProvider;

  override connectedCallback(): void {
    super.connectedCallback();
    if (!this.descriptor && this.provider) void this.loadDescriptor();
  }

  private async loadDescriptor(): Promise<void> {
    const providers = await authClient(this.basePath).getProviders();
    if (providers && Object.hasOwn(providers, this.provider)) this.descriptor = providers[this.provider];
  }

  override render() {
    const { localize, busy, descriptor } = this;
    const { t } = localize;
    return providerButton({
      parts: ["button", "logo", "label"],
      style: descriptor?.style,
      label: t("signin.withProvider", this.name ?? descriptor?.name ?? this.provider),
      busyLabel: t("signin.loading"),
      busy,
      onClick: () => void this.signIn(),
      lang: localize.locale,
      dir: localize.dir,
    });
  }

  /** Starts the sign-in, as a click does. */
  async signIn(): Promise<void> {
    const { provider } = this;
    // `auth-signin-start` is cancelable: dispatchEvent() is false when a listener prevented it.
    if (this.busy || !provider || !this.dispatchEvent(new AuthSigninStartEvent({ provider }))) return;
    // A disabled button drops focus to <body> while busy; give it back only if it was here.
    const hadFocus = this.matches(":focus-within");
    this.setBusy(true);
    const result = await authClient(this.basePath).signIn(provider, {}, this.callbackUrl);
    if (result.ok) {
      this.dispatchEvent(new AuthSigninSuccessEvent({ provider, url: result.url }));
      return leaving(() => this.setBusy(false));
    }
    this.setBusy(false);
    if (hadFocus) {
      await this.updateComplete;
      this.renderRoot.querySelector("button")?.focus();
    }
    this.dispatchEvent(new AuthSigninErrorEvent({ provider, code: result.error ?? "Configuration", credentialsCode: result.code }));
  }
}

declare global {
  interface HTMLElementTagNameMap {
    "auth-provider-button": AuthProviderButton;
  }
}
