import { css, html, nothing } from "lit";
import { AuthSignoutEvent } from "../../events/auth-signout.js";
import { authClient } from "../../internal/auth.js";
import { controlStyles, tokenStyles } from "../../internal/styles.js";
import { FoyerElement } from "../foyer-element.js";

/**
 * A sign-out button, with an optional confirmation step. Signs out through Foyer on the same origin
 * without a page reload (other elements and tabs update), or navigates when `redirect` is set.
 *
 * @summary Signs the user out.
 * @csspart button - The sign-out button (also the confirming button).
 * @csspart cancel-button - The "Cancel" button of the confirmation.
 * @csspart confirm - The confirmation text.
 * @csspart spinner - Shown while signing out; has an accessible name.
 * @cssprop --auth-button-bg - Button background (default `--auth-color-brand`).
 * @cssprop --auth-button-text - Button text (default `--auth-color-on-brand`).
 * @cssprop --auth-color-border - Button border.
 * @cssprop --auth-color-focus - Focus ring.
 * @cssprop --auth-radius - Corner radius.
 * @fires auth-signout - Before signing out; cancelable.
 */
export class AuthSignout extends FoyerElement {
  static override styles = [
    tokenStyles,
    controlStyles,
    css`
      :host {
        display: block;
      }
      .confirm {
        display: grid;
        gap: 0.5rem;
      }
      p {
        margin: 0;
      }
      .secondary {
        color: var(--_color-text);
        background: var(--_color-surface);
      }
    `,
  ];

  static override properties = {
    callbackUrl: { attribute: "callback-url" },
    confirm: { type: Boolean },
    redirect: { type: Boolean },
    confirming: { state: true },
  };

  /** Where to go after signing out (used with `redirect`). Default: the current page. */
  callbackUrl?: string;
  /** Ask "Are you sure?" before signing out. */
  confirm = false;
  /** Navigate to the callback URL after signing out. Default: stay (sessions update in place). */
  redirect = false;

  private confirming = false;

  override render() {
    const { t } = this.localize;
    const label = this.busy ? t("signout.loading") : t("signout.button");
    const spinner = this.busy ? html`<span part="spinner" class="spinner" role="status" aria-label=${t("signout.loading")}></span>` : nothing;
    if (this.confirming) {
      return html`<div class="confirm" lang=${this.localize.locale} dir=${this.localize.dir}>
        <p part="confirm" id="confirm">${t("signout.confirm")}</p>
        <button part="button" class="button" type="button" aria-describedby="confirm" ?disabled=${this.busy} @click=${this.signOut}>${label}${spinner}</button>
        <button part="cancel-button" class="button secondary" type="button" ?disabled=${this.busy} @click=${this.cancel}>${t("signout.cancel")}</button>
      </div>`;
    }
    return html`<button part="button" class="button" type="button" lang=${this.localize.locale} dir=${this.localize.dir} ?disabled=${this.busy} @click=${this.request}>
      ${label}${spinner}
    </button>`;
  }

  private async request(): Promise<void> {
    if (this.busy) return;
    if (!this.confirm) return this.signOut();
    this.confirming = true;
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLElement>("button")?.focus();
  }

  private async cancel(): Promise<void> {
    if (this.busy) return;
    this.confirming = false;
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLElement>("button")?.focus();
  }

  /** Signs out now (no confirmation). */
  async signOut(): Promise<void> {
    if (this.busy) return;
    const event = new AuthSignoutEvent();
    this.dispatchEvent(event);
    if (event.defaultPrevented) return;
    // Only the property: this element documents no `busy` custom state (so no setBusy()).
    this.busy = true;
    // Disabled buttons drop focus to <body> while busy; remember whether to give it back.
    const hadFocus = this.matches(":focus-within");
    await authClient(this.basePath).signOut({ redirect: this.redirect, redirectTo: this.callbackUrl ?? location.href });
    this.busy = false;
    this.confirming = false;
    if (hadFocus) {
      // Back on the (plain) button, also after the confirmation's buttons went away.
      await this.updateComplete;
      this.renderRoot.querySelector<HTMLElement>("button")?.focus();
    }
  }
}

declare global {
  interface HTMLElementTagNameMap {
    "auth-signout": AuthSignout;
  }
}
