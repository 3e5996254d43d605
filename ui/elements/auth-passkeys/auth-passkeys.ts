import { html, nothing, render, type PropertyValues, type TemplateResult } from "lit";
import { listPasskeys, removePasskey, renamePasskey } from "../../client/passkey-account.js";
import { signalAcceptedPasskeys } from "../../client/passkey-signal.js";
import type { PasskeyErrorCode, PasskeyInfo } from "../../client/passkey-types.js";
import { AuthPasskeyRegisteredEvent } from "../../events/auth-passkey-registered.js";
import { AuthPasskeyRemovedEvent } from "../../events/auth-passkey-removed.js";
import { SessionSubscription } from "../../internal/session-subscription.js";
import { adoptPasskeyLightStyles, fieldId, passkeyErrorMessage, toggleState } from "../../internal/passkey.js";
import { FoyerElement } from "../foyer-element.js";
import { passkeysStyles } from "./auth-passkeys.styles.js";
import { formatDate, formatTransports } from "./format.js";

/** What the element shows. */
export type PasskeysState = "loading" | "empty" | "list" | "error" | "signed-out";

const STATES: readonly PasskeysState[] = ["loading", "empty", "list", "error", "signed-out"];

/**
 * The signed-in user's passkeys, from `GET {base-path}/account/passkeys`: each one's name (or
 * "Passkey" when it has none), when it was created and last used (dates in the element's locale), and
 * how it connects (this device, phone, USB, …). A passkey can be renamed in place and removed after a
 * confirmation. When removing one would leave the user no way to sign in, the server says so
 * (`canRemove: false`) and the "Remove" buttons are disabled, with the reason next to them.
 *
 * The list follows the session (signing in or out in this tab or another reloads it) and reloads when
 * an `<auth-passkey-register>` on the page adds a passkey. The rename field is rendered in light DOM
 * (like every input of the elements, so password managers see it), slotted into the row being renamed.
 *
 * @summary List, rename and remove the signed-in user's passkeys.
 * @slot rename - Internal: where the element places the light-DOM rename form of the row being renamed.
 * @csspart base - The wrapper.
 * @csspart list - The list (`<ul>`) of passkeys.
 * @csspart item - One passkey's row.
 * @csspart name - A passkey's name.
 * @csspart details - A passkey's dates and transports.
 * @csspart rename-button - A row's "Rename" button.
 * @csspart remove-button - A row's "Remove" button (also the confirming one).
 * @csspart cancel-button - The "Cancel" button of a removal's confirmation.
 * @csspart confirm - A removal's confirmation question.
 * @csspart note - Why passkeys cannot be removed (shown when `canRemove` is false).
 * @csspart message - The text of the empty and signed-out states.
 * @csspart spinner - Shown while the list loads; has an accessible name.
 * @csspart error - The live region (`role="alert"`) that announces a failure.
 * @csspart status - The live region (`role="status"`) that confirms a rename or a removal.
 * @cssprop --auth-color-text - Text; `--auth-color-text-muted` the details.
 * @cssprop --auth-color-border - Row separators and button borders.
 * @cssprop --auth-color-surface - Button background.
 * @cssprop --auth-color-danger - The confirming "Remove" button (with `--auth-color-on-danger`).
 * @cssprop --auth-color-error - Error text; `--auth-color-error-surface` its background.
 * @cssprop --auth-color-focus - Focus rings.
 * @cssprop --auth-radius - Corner radius.
 * @cssprop --auth-font-family - Font.
 * @cssstate loading - The list is being fetched.
 * @cssstate empty - Signed in, no passkeys.
 * @cssstate list - Signed in, with passkeys.
 * @cssstate error - The list could not be fetched (the alert says why).
 * @cssstate signed-out - No session: nothing to manage.
 * @cssstate busy - While a rename or removal runs.
 * @fires auth-passkey-removed - The server removed a passkey (`detail.id`).
 */
export class AuthPasskeys extends FoyerElement {
  static override styles = passkeysStyles;

  static override properties = {
    state: { reflect: true },
    passkeys: { state: true },
    canRemove: { state: true },
    editing: { state: true },
    confirming: { state: true },
    error: { state: true },
    status: { state: true },
  };

  /** What the element shows, reflected for CSS (`auth-passkeys[state="empty"]`). Read-only in practice. */
  state: PasskeysState = "loading";

  /** The passkeys as last listed. */
  passkeys: PasskeyInfo[] = [];
  /** Whether the server allows removing one (`false` when it is the user's last way in). */
  canRemove = false;
  private editing?: string;
  private confirming?: string;
  private error?: string;
  private status?: "passkey.list.renamed" | "passkey.list.removed";

  private readonly subscription = new SessionSubscription(this, () => void this.load());
  private readonly fieldId = fieldId("auth-passkeys-name");
  /** Number of the newest list request; older answers are dropped. */
  private loads = 0;

  override connectedCallback(): void {
    super.connectedCallback();
    adoptPasskeyLightStyles(this);
    document.addEventListener(AuthPasskeyRegisteredEvent.type, this.onRegistered);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    document.removeEventListener(AuthPasskeyRegisteredEvent.type, this.onRegistered);
  }

  /** A passkey was added on this page (`<auth-passkey-register>`): list it without a loading flash. */
  private readonly onRegistered = (): void => void this.load({ quiet: true });

  /**
   * Fetches the list again. `quiet` keeps the current list on screen while it loads (after a change),
   * instead of the loading state.
   */
  async load(options: { quiet?: boolean } = {}): Promise<void> {
    const load = ++this.loads;
    if (!options.quiet) this.setState("loading");
    const result = await listPasskeys({ basePath: this.basePath });
    if (load !== this.loads) return;
    if (!result.ok) {
      if (result.error === "SessionRequired") {
        this.passkeys = [];
        this.error = undefined;
        this.setState("signed-out");
      } else {
        this.error = result.error;
        this.setState("error");
      }
      return;
    }
    this.passkeys = result.passkeys;
    this.canRemove = result.canRemove;
    // The newest list only (a stale one would hide a passkey just added): the browser's passkey
    // manager hides the account's passkeys the server no longer has, where it supports that.
    if (result.signal)
      signalAcceptedPasskeys(
        result.signal,
        result.passkeys.map((passkey) => passkey.id),
      );
    if (this.state === "error" || this.state === "signed-out") this.error = undefined;
    if (this.editing && !this.passkeys.some((passkey) => passkey.id === this.editing)) this.editing = undefined;
    if (this.confirming && (!this.canRemove || !this.passkeys.some((passkey) => passkey.id === this.confirming))) this.confirming = undefined;
    this.setState(this.passkeys.length ? "list" : "empty");
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    if (changed.has("basePath") && changed.get("basePath") !== undefined) void this.load();
  }

  override render() {
    const { t } = this.localize;
    return html`<div part="base" class="base" lang=${this.localize.locale} dir=${this.localize.dir} aria-busy=${this.busy || this.state === "loading" ? "true" : "false"}>
      <div part="error" class="error" role="alert" tabindex="-1">${this.error ? passkeyErrorMessage(t, this.error, "manage") : ""}</div>
      <p part="status" class="status" role="status">${this.status ? t(this.status) : ""}</p>
      ${this.body()}
    </div>`;
  }

  /** What the current state shows below the live regions (which are always there, so screen readers announce what arrives). */
  private body(): TemplateResult | typeof nothing {
    const { t } = this.localize;
    switch (this.state) {
      case "loading":
        return html`<div class="center"><span part="spinner" class="spinner" role="status" aria-label=${t("passkey.list.loading")}></span></div>`;
      case "signed-out":
        return html`<p part="message" class="message">${t("passkey.list.signedOut")}</p>`;
      case "empty":
        return html`<p part="message" class="message focus-target" tabindex="-1">${t("passkey.list.empty")}</p>`;
      case "list":
        return html`${this.canRemove ? nothing : html`<p part="note" class="note" id="note">${t("passkey.error.LastSignInMethod")}</p>`}
          <ul part="list" class="list focus-target" aria-label=${t("passkey.list.label")} tabindex="-1">
            ${this.passkeys.map((passkey, index) => this.item(passkey, index))}
          </ul>`;
      default:
        return nothing;
    }
  }

  /** The name to show: the user's, or the catalogue's default for an unnamed passkey. */
  private nameOf(passkey: PasskeyInfo): string {
    return passkey.name?.trim() || this.localize.t("passkey.list.unnamed");
  }

  /**
   * One row. Ids inside the shadow root are by position (`name-0`): the credential id is not a safe
   * id (base64 has `/`, `+`, `=`), and the buttons' `aria-describedby` only needs a stable link.
   */
  private item(passkey: PasskeyInfo, index: number): TemplateResult {
    const { t } = this.localize;
    // Intl gets the element's own tag (`de-CH` writes dates the Swiss way), then the catalogue's.
    const tags = [this.localize.lang, this.localize.locale];
    const created = formatDate(passkey.createdAt, tags);
    const used = formatDate(passkey.lastUsedAt, tags);
    const transports = formatTransports(passkey.transports ?? [], t, tags);
    const nameId = `name-${index}`;
    return html`<li part="item" class="item">
      ${this.editing === passkey.id ? html`<slot name="rename"></slot>` : html`<span part="name" class="name" id=${nameId}>${this.nameOf(passkey)}</span>`}
      <span part="details" class="details">
        ${created ? html`<span>${t("passkey.list.created", created)}</span>` : nothing}
        <span>${used ? t("passkey.list.lastUsed", used) : t("passkey.list.neverUsed")}</span>
        ${transports ? html`<span>${t("passkey.list.transports", transports)}</span>` : nothing}
      </span>
      ${this.confirming === passkey.id ? this.confirmation(passkey, index) : this.editing === passkey.id ? nothing : this.actions(passkey, nameId)}
    </li>`;
  }

  /**
   * "Rename" and "Remove", each described by the passkey's name (several rows have the same button
   * text). When the server forbids removals, "Remove" is disabled and also described by the note.
   */
  private actions(passkey: PasskeyInfo, nameId: string): TemplateResult {
    const { t } = this.localize;
    return html`<span class="actions">
      <button part="rename-button" class="action" type="button" data-rename=${passkey.id} aria-describedby=${nameId} ?disabled=${this.busy} @click=${() => this.startRename(passkey)}>
        ${t("passkey.list.rename")}
      </button>
      <button
        part="remove-button"
        class="action"
        type="button"
        data-remove=${passkey.id}
        aria-describedby=${this.canRemove ? nameId : `${nameId} note`}
        ?disabled=${this.busy || !this.canRemove}
        @click=${() => this.askRemove(passkey)}
      >
        ${t("passkey.list.remove")}
      </button>
    </span>`;
  }

  /** The inline "Remove …?" question with its two answers, in place of the row's buttons. */
  private confirmation(passkey: PasskeyInfo, index: number): TemplateResult {
    const { t } = this.localize;
    const id = `confirm-${index}`;
    return html`<span class="confirm">
      <span part="confirm" id=${id}>${t("passkey.list.confirmRemove", this.nameOf(passkey))}</span>
      <span class="actions">
        <button part="remove-button" class="action danger" type="button" aria-describedby=${id} ?disabled=${this.busy} @click=${() => this.removeOne(passkey)}>
          ${t("passkey.list.remove")}
        </button>
        <button part="cancel-button" class="action" type="button" ?disabled=${this.busy} @click=${() => this.closeConfirm(passkey)}>${t("passkey.list.cancel")}</button>
      </span>
    </span>`;
  }

  protected override updated(): void {
    // The rename form lives in light DOM (see docs/elements.md#light-dom-forms), slotted into the row being renamed.
    const passkey = this.passkeys.find((candidate) => candidate.id === this.editing);
    render(passkey && this.state === "list" ? this.renameForm(passkey) : nothing, this, { host: this });
  }

  private renameForm(passkey: PasskeyInfo): TemplateResult {
    const { t } = this.localize;
    return html`<form slot="rename" class="auth-rename" aria-busy=${this.busy ? "true" : "false"} @submit=${(event: SubmitEvent) => this.saveRename(event, passkey)}>
      <div class="auth-field">
        <label for=${this.fieldId}>${t("passkey.list.name")}</label>
        <input id=${this.fieldId} name="name" type="text" autocomplete="off" required maxlength="64" @keydown=${(event: KeyboardEvent) => this.renameKey(event, passkey)} />
      </div>
      <button type="submit" ?disabled=${this.busy}>${t("passkey.list.save")}</button>
      <button type="button" ?disabled=${this.busy} @click=${() => this.closeRename(passkey)}>${t("passkey.list.cancel")}</button>
    </form>`;
  }

  /** Opens the rename field for `passkey`, filled with its name and focused. */
  private async startRename(passkey: PasskeyInfo): Promise<void> {
    this.confirming = undefined;
    this.editing = passkey.id;
    this.error = undefined;
    this.status = undefined;
    await this.updateComplete;
    const input = this.querySelector<HTMLInputElement>(`#${CSS.escape(this.fieldId)}`);
    if (!input) return;
    input.value = passkey.name ?? "";
    input.removeAttribute("aria-invalid");
    input.focus();
    input.select();
  }

  /** Escape in the rename field cancels, as it does in other inline editors. */
  private renameKey(event: KeyboardEvent, passkey: PasskeyInfo): void {
    if (event.key !== "Escape") return;
    event.preventDefault();
    void this.closeRename(passkey);
  }

  /** Closes the rename field and puts focus back on the row's "Rename" button. */
  private async closeRename(passkey: PasskeyInfo): Promise<void> {
    if (this.busy) return;
    this.editing = undefined;
    await this.focusButton("rename", passkey.id);
  }

  /**
   * Saves the name: checked here first (1 to 64 characters after trimming, as the server wants), then
   * the row shows the passkey as the server returned it. A refused name keeps the field open.
   */
  private async saveRename(event: SubmitEvent, passkey: PasskeyInfo): Promise<void> {
    event.preventDefault();
    if (this.busy) return;
    const input = (event.currentTarget as HTMLFormElement).querySelector("input")!;
    const name = input.value.trim();
    if (!name || name.length > 64) {
      input.setAttribute("aria-invalid", "true");
      this.error = "InvalidRequest";
      input.focus();
      return;
    }
    this.error = undefined;
    this.setBusy(true);
    const result = await renamePasskey(passkey.id, name, { basePath: this.basePath });
    this.setBusy(false);
    if (result.ok) {
      this.passkeys = this.passkeys.map((candidate) => (candidate.id === passkey.id ? { ...candidate, ...result.passkey } : candidate));
      this.editing = undefined;
      this.status = "passkey.list.renamed";
      await this.focusButton("rename", passkey.id);
      return;
    }
    if (result.error === "InvalidRequest") {
      this.error = result.error;
      input.setAttribute("aria-invalid", "true");
      input.focus();
      return;
    }
    await this.fail(result.error);
  }

  /** Asks to confirm the removal of `passkey`; focus goes to "Cancel", the harmless choice. */
  private async askRemove(passkey: PasskeyInfo): Promise<void> {
    if (!this.canRemove) return;
    this.editing = undefined;
    this.confirming = passkey.id;
    this.error = undefined;
    this.status = undefined;
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLElement>('[part="cancel-button"]')?.focus();
  }

  private async closeConfirm(passkey: PasskeyInfo): Promise<void> {
    if (this.busy) return;
    this.confirming = undefined;
    await this.focusButton("remove", passkey.id);
  }

  /**
   * Removes after the confirmation. The row goes at once and focus moves to the list (the row and its
   * buttons are gone); the list is then reloaded, since `canRemove` may have changed.
   */
  private async removeOne(passkey: PasskeyInfo): Promise<void> {
    if (this.busy) return;
    this.setBusy(true);
    const result = await removePasskey(passkey.id, { basePath: this.basePath });
    this.setBusy(false);
    if (!result.ok) {
      await this.fail(result.error);
      return;
    }
    this.confirming = undefined;
    this.passkeys = this.passkeys.filter((candidate) => candidate.id !== passkey.id);
    this.status = "passkey.list.removed";
    this.setState(this.passkeys.length ? "list" : "empty");
    this.dispatchEvent(new AuthPasskeyRemovedEvent({ id: passkey.id }));
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLElement>(".focus-target")?.focus();
    // Whether another one may still be removed is the server's call.
    void this.load({ quiet: true });
  }

  /** Reports a failed rename or removal; reloads when the list is stale or the session is gone. */
  private async fail(code: PasskeyErrorCode): Promise<void> {
    this.confirming = undefined;
    this.error = code;
    if (code === "SessionRequired" || code === "NotFound" || code === "LastSignInMethod") void this.load({ quiet: true });
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLElement>(".error")?.focus();
  }

  private async focusButton(kind: "rename" | "remove", id: string): Promise<void> {
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLElement>(`button[data-${kind}="${CSS.escape(id)}"]`)?.focus();
  }

  private setState(next: PasskeysState): void {
    this.state = next;
    for (const name of STATES) toggleState(this.internals, name, name === next);
  }
}

declare global {
  interface HTMLElementTagNameMap {
    "auth-passkeys": AuthPasskeys;
  }
}
