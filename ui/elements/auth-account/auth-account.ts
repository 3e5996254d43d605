import { css, html, nothing, render, type PropertyValues, type TemplateResult } from "lit";
import { accountTranslator, type AccountMessageKey, type AccountOverrides } from "../../../locales/account.js";
import { accountRequest } from "../../client/account.js";
import { fetchCsrfToken } from "../../client/csrf.js";
import { createContext } from "../../client/options.js";
import { AuthAccountDeletedEvent } from "../../events/auth-account-deleted.js";
import { AuthAccountUnlinkedEvent } from "../../events/auth-account-unlinked.js";
import { AuthProfileUpdatedEvent } from "../../events/auth-profile-updated.js";
import { AuthSessionRevokedEvent } from "../../events/auth-session-revoked.js";
import { adoptLightStyles, toggleState } from "../../internal/element.js";
import { fieldId } from "../../internal/passkey.js";
import { SessionSubscription } from "../../internal/session-subscription.js";
import { FoyerElement } from "../foyer-element.js";
import { accountStyles } from "./auth-account.styles.js";

/** What the element shows. */
export type AccountState = "loading" | "ready" | "signed-out" | "error";

interface Profile {
  user: { name: string | null; email: string | null; image: string | null };
  deletion: boolean;
}
interface SessionRow {
  id: string;
  current: boolean;
  browser: string | null;
  os: string | null;
  lastSeenAt: string | null;
}
interface Connected {
  accounts: { provider: string; name: string; providerAccountId: string; canUnlink: boolean }[];
  available: { id: string; name: string }[];
}

/** How long a confirmation ("Profile saved.") stays before it clears by itself. */
const STATUS_MS = 6000;

/** The light-DOM forms' fields (the profile and the deletion confirmation), scoped to this element. */
const LIGHT_CSS = css`
  auth-account :where(.auth-field) {
    display: grid;
    gap: 0.25rem;
  }
  auth-account :where(.auth-field label) {
    font-size: 0.875rem;
    font-weight: 600;
  }
  auth-account :where(.auth-field input) {
    box-sizing: border-box;
    inline-size: 100%;
    padding: 0.625rem 0.75rem;
    font: inherit;
    color: inherit;
    background: var(--_color-surface);
    border: 1px solid var(--_color-border);
    border-radius: var(--_radius);
  }
  auth-account :where(.auth-field input[readonly]) {
    color: var(--_color-text-muted);
  }
  auth-account :where(.auth-form button) {
    justify-self: start;
    min-block-size: 2.5rem;
    padding: 0.5rem 1rem;
    font: inherit;
    font-weight: 600;
    color: var(--auth-button-text, var(--_color-on-brand));
    background: var(--auth-button-bg, var(--_color-brand));
    border: 1px solid var(--_color-border);
    border-radius: var(--_radius);
    cursor: pointer;
  }
  auth-account :where(.auth-form button.danger) {
    color: var(--_color-on-danger);
    background: var(--_color-danger);
    border-color: var(--_color-danger);
  }
  auth-account :where(.auth-field input:focus-visible, .auth-form button:focus-visible) {
    outline: 3px solid var(--_color-focus);
    outline-offset: 2px;
  }
`;

/**
 * The signed-in user's account in one element: the profile (name and picture, the e-mail shown),
 * where they are signed in (each device named from its browser and system, "This device", sign one
 * out, sign out everywhere else), their passkeys (`<auth-passkeys>`; put an `<auth-passkey-register>`
 * in the `passkeys` slot to add one), their connected accounts (connect another provider through the
 * normal sign-in, disconnect one unless it is the last way in) and, when the server allows it,
 * deleting the account after typing the e-mail address. Talks to `{base-path}/account/*`
 * (docs/account.md). The profile and deletion forms are rendered in light DOM, slotted into place.
 *
 * Confirmations clear themselves after a few seconds and on the next action; failures stay in the
 * alert region until the next action.
 *
 * @summary The account area: profile, sessions, passkeys, connected accounts, deletion.
 * @slot passkeys - Extra content under the passkey list, e.g. `<auth-passkey-register slot="passkeys">`.
 * @slot profile-form - Internal: the light-DOM profile form.
 * @slot delete-form - Internal: the light-DOM deletion confirmation.
 * @csspart base - The wrapper.
 * @csspart section - Each section (profile, sessions, passkeys, accounts, danger).
 * @csspart avatar - The picture or the initial.
 * @csspart row - A session's or an account's row.
 * @csspart action - A row's button.
 * @csspart danger - Destructive buttons (sign out everywhere else, delete).
 * @csspart empty - An empty state's text.
 * @csspart status - The live region (`role="status"`) confirming a change.
 * @csspart error - The live region (`role="alert"`) reporting a failure.
 * @cssprop --auth-account-max-width - The element's maximum width (default 40rem).
 * @cssprop --auth-color-danger - Destructive actions (with `--auth-color-on-danger`).
 * @cssprop --auth-color-text - Text; `--auth-color-text-muted` the details.
 * @cssprop --auth-color-border - Separators and button borders.
 * @cssprop --auth-color-surface - Button and field background.
 * @cssprop --auth-color-brand - The profile's "Save" button and the initial's background.
 * @cssprop --auth-color-focus - Focus rings.
 * @cssprop --auth-radius - Corner radius.
 * @cssstate loading - The account is being fetched.
 * @cssstate ready - Signed in, shown.
 * @cssstate signed-out - No session.
 * @cssstate error - The account could not be fetched.
 * @cssstate busy - A change runs.
 * @fires auth-profile-updated - The name or picture was saved (`detail.name`, `detail.image`).
 * @fires auth-session-revoked - Sessions were ended (`detail.count`, `detail.others`).
 * @fires auth-account-unlinked - A connected account was disconnected (`detail.provider`).
 * @fires auth-account-deleted - The account was deleted.
 * @dependency auth-passkeys
 */
export class AuthAccount extends FoyerElement {
  static override styles = accountStyles;

  static override properties = {
    state: { reflect: true },
    profile: { state: true },
    sessions: { state: true },
    connected: { state: true },
    passkeysAvailable: { state: true },
    confirmingDelete: { state: true },
    status: { state: true },
    error: { state: true },
  };

  /** What the element shows, reflected for CSS (`auth-account[state="signed-out"]`). Read-only in practice. */
  state: AccountState = "loading";
  private profile?: Profile;
  /** `null` when the server does not list sessions (jwt sessions). */
  private sessions: SessionRow[] | null = null;
  private connected: Connected | null = null;
  private passkeysAvailable = true;
  private confirmingDelete = false;
  private status?: AccountMessageKey;
  private error?: string;
  private statusTimer?: ReturnType<typeof setTimeout>;
  private loads = 0;
  private readonly ids = {
    name: fieldId("auth-account-name"),
    image: fieldId("auth-account-image"),
    email: fieldId("auth-account-email"),
    confirm: fieldId("auth-account-confirm"),
  };
  private readonly subscription = new SessionSubscription(this, () => void this.load());

  /** The account area's messages in this element's locale, with the `messages` overrides. */
  private get a() {
    return accountTranslator(this.localize.locale, this.messages as AccountOverrides | undefined);
  }

  override connectedCallback(): void {
    super.connectedCallback();
    adoptLightStyles(this, LIGHT_CSS);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this.statusTimer);
  }

  /** Fetches the profile, sessions and connected accounts again. `quiet` keeps the current view while it loads. */
  async load(options: { quiet?: boolean } = {}): Promise<void> {
    const load = ++this.loads;
    if (!options.quiet) this.setState("loading");
    const base = { basePath: this.basePath };
    const [profile, sessions, connected, passkeys] = await Promise.all([
      accountRequest("profile", undefined, base),
      accountRequest("sessions", undefined, base),
      accountRequest("accounts", undefined, base),
      accountRequest("passkeys", undefined, base),
    ]);
    if (load !== this.loads) return;
    if (!profile.ok) {
      this.profile = undefined;
      this.setState(profile.error === "SessionRequired" ? "signed-out" : "error");
      if (this.state === "error") this.error = profile.error;
      return;
    }
    this.profile = profile.body as unknown as Profile;
    this.sessions = sessions.ok && Array.isArray(sessions.body.sessions) ? (sessions.body.sessions as SessionRow[]) : null;
    this.connected = connected.ok ? (connected.body as unknown as Connected) : null;
    // Without a WebAuthn provider (or adapter support) there is no passkey section at all.
    this.passkeysAvailable = passkeys.ok || passkeys.error !== "NotAvailable";
    this.setState("ready");
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    if (changed.has("basePath") && changed.get("basePath") !== undefined) void this.load();
  }

  override render() {
    const a = this.a;
    return html`<div part="base" class="base" lang=${this.localize.locale} dir=${this.localize.dir} aria-busy=${this.busy || this.state === "loading" ? "true" : "false"}>
      <div part="error" class="error" role="alert">${this.error ? this.errorText(this.error) : ""}</div>
      <p part="status" class="status" role="status">${this.status ? a(this.status) : ""}</p>
      ${
        this.state === "loading"
          ? html`<p part="empty" class="empty">${a("account.loading")}</p>`
          : this.state === "signed-out"
            ? html`<p part="empty" class="empty">${a("account.signedOut")}</p>`
            : this.state === "ready"
              ? [this.profileSection(), this.sessionsSection(), this.passkeysSection(), this.accountsSection(), this.dangerSection()]
              : nothing
      }
    </div>`;
  }

  private errorText(code: string): string {
    const a = this.a;
    const key = `account.error.${code}` as AccountMessageKey;
    const text = a(key as "account.error.default");
    return text === key ? a("account.error.default") : text;
  }

  private profileSection(): TemplateResult {
    const { user } = this.profile!;
    const a = this.a;
    const initial = (user.name || user.email || "?").trim().charAt(0).toUpperCase();
    return html`<section part="section" aria-labelledby="profile-heading">
      <h2 id="profile-heading">${a("account.profile.heading")}</h2>
      <div class="identity">
        ${user.image ? html`<img part="avatar" class="avatar" src=${user.image} alt="" />` : html`<span part="avatar" class="avatar" aria-hidden="true">${initial}</span>`}
        <div>
          <div class="strong">${user.name || user.email}</div>
          <div class="muted">${user.email ?? a("account.profile.noEmail")}</div>
        </div>
      </div>
      <slot name="profile-form"></slot>
    </section>`;
  }

  private sessionsSection(): TemplateResult | typeof nothing {
    if (!this.sessions) return nothing;
    const a = this.a;
    const ordered = [...this.sessions].sort((x, y) => Number(y.current) - Number(x.current));
    const others = ordered.filter((session) => !session.current);
    const tags = [this.localize.lang, this.localize.locale];
    return html`<section part="section" aria-labelledby="sessions-heading">
      <h2 id="sessions-heading">${a("account.sessions.heading")}</h2>
      <ul>
        ${ordered.map((session, index) => {
          const device =
            session.browser && session.os
              ? a("account.sessions.device", session.browser, session.os)
              : (session.browser ?? session.os ?? a("account.sessions.unknownDevice"));
          const seen = formatDate(session.lastSeenAt, tags);
          return html`<li part="row">
            <div class="main">
              <span class="strong" id=${`session-${index}`}>${device}</span>
              ${session.current ? html`<span class="badge">${a("account.sessions.thisDevice")}</span>` : nothing}
              ${seen ? html`<div class="muted">${a("account.sessions.lastSeen", seen)}</div>` : nothing}
            </div>
            ${
              session.current
                ? nothing
                : html`<button part="action" class="action" type="button" data-revoke=${session.id} aria-describedby=${`session-${index}`} ?disabled=${this.busy} @click=${() => this.revoke(session.id)}>
                  ${a("account.sessions.revoke")}
                </button>`
            }
          </li>`;
        })}
      </ul>
      ${
        others.length
          ? html`<button part="action danger" class="action danger-outline" type="button" data-revoke-others ?disabled=${this.busy} @click=${() => this.revoke()}>
            ${a("account.sessions.revokeOthers")}
          </button>`
          : html`<p part="empty" class="empty">${a("account.sessions.empty")}</p>`
      }
    </section>`;
  }

  private passkeysSection(): TemplateResult | typeof nothing {
    if (!this.passkeysAvailable) return nothing;
    return html`<section part="section" aria-labelledby="passkeys-heading">
      <h2 id="passkeys-heading">${this.a("account.passkeys.heading")}</h2>
      <auth-passkeys base-path=${this.basePath} lang=${this.localize.lang} exportparts="list, item, name, remove-button, rename-button"></auth-passkeys>
      <slot name="passkeys"></slot>
    </section>`;
  }

  private accountsSection(): TemplateResult | typeof nothing {
    const connected = this.connected;
    if (!connected || (!connected.accounts.length && !connected.available.length)) return nothing;
    const a = this.a;
    return html`<section part="section" aria-labelledby="accounts-heading">
      <h2 id="accounts-heading">${a("account.accounts.heading")}</h2>
      ${connected.accounts.length ? nothing : html`<p part="empty" class="empty">${a("account.accounts.empty")}</p>`}
      <ul>
        ${connected.accounts.map(
          (account, index) => html`<li part="row">
            <div class="main">
              <span class="strong" id=${`account-${index}`}>${account.name}</span>
              ${account.canUnlink ? nothing : html`<div class="muted">${a("account.accounts.lastWayIn")}</div>`}
            </div>
            ${
              account.canUnlink
                ? html`<button part="action" class="action" type="button" data-unlink=${account.provider} aria-describedby=${`account-${index}`} ?disabled=${this.busy} @click=${() => this.unlink(account)}>
                  ${a("account.accounts.unlink")}
                </button>`
                : nothing
            }
          </li>`,
        )}
      </ul>
      <div class="actions">
        ${connected.available.map(
          (
            provider,
          ) => html`<button part="action" class="action" type="button" data-link=${provider.id} ?disabled=${this.busy} @click=${() => this.link(provider.id)}>
            ${a("account.accounts.link", provider.name)}
          </button>`,
        )}
      </div>
    </section>`;
  }

  private dangerSection(): TemplateResult | typeof nothing {
    if (!this.profile?.deletion) return nothing;
    const a = this.a;
    return html`<section part="section" class="danger-zone" aria-labelledby="danger-heading">
      <h2 id="danger-heading">${a("account.danger.heading")}</h2>
      <p>${a("account.danger.explain")}</p>
      ${
        this.confirmingDelete
          ? html`<slot name="delete-form"></slot>`
          : html`<button part="action danger" class="action danger-outline" type="button" data-delete @click=${() => this.askDelete()}>${a("account.danger.delete")}</button>`
      }
    </section>`;
  }

  protected override updated(): void {
    // The forms live in light DOM (password managers and autofill see their fields), slotted into place.
    render(this.state === "ready" ? this.lightForms() : nothing, this, { host: this });
  }

  private lightForms(): TemplateResult {
    const a = this.a;
    const { user } = this.profile!;
    const word = user.email ?? "DELETE";
    return html`<form slot="profile-form" class="auth-form" aria-busy=${this.busy ? "true" : "false"} @submit=${(event: SubmitEvent) => this.saveProfile(event)}>
        <div class="auth-field">
          <label for=${this.ids.name}>${a("account.profile.name")}</label>
          <input id=${this.ids.name} name="name" type="text" autocomplete="name" maxlength="100" .value=${user.name ?? ""} />
        </div>
        <div class="auth-field">
          <label for=${this.ids.image}>${a("account.profile.image")}</label>
          <input id=${this.ids.image} name="image" type="url" autocomplete="photo" .value=${user.image ?? ""} />
        </div>
        <div class="auth-field">
          <label for=${this.ids.email}>${a("account.profile.email")}</label>
          <input id=${this.ids.email} type="email" readonly .value=${user.email ?? ""} />
        </div>
        <button type="submit" ?disabled=${this.busy}>${a("account.profile.save")}</button>
      </form>
      ${
        this.confirmingDelete && this.profile!.deletion
          ? html`<form slot="delete-form" class="auth-form" @submit=${(event: SubmitEvent) => this.deleteAccount(event, word)}>
            <p>${a("account.danger.recent")}</p>
            <div class="auth-field">
              <label for=${this.ids.confirm}>${a("account.danger.confirmLabel", word)}</label>
              <input id=${this.ids.confirm} name="confirm" type="text" required autocomplete="off" spellcheck="false" />
            </div>
            <button type="submit" class="danger" ?disabled=${this.busy}>${a("account.danger.delete")}</button>
            <button type="button" @click=${() => this.closeDelete()}>${a("account.cancel")}</button>
          </form>`
          : nothing
      }`;
  }

  /** Runs a change: clears the last message, marks the element busy, reports a failure. */
  private async change(path: string, payload: Record<string, unknown>): Promise<Record<string, unknown> | undefined> {
    if (this.busy) return undefined;
    this.showStatus(undefined);
    this.error = undefined;
    this.setBusy(true);
    const answer = await accountRequest(path, payload, { basePath: this.basePath });
    this.setBusy(false);
    if (answer.ok) return answer.body;
    this.error = answer.error;
    if (answer.error === "SessionRequired" || answer.error === "NotFound" || answer.error === "LastSignInMethod") void this.load({ quiet: true });
    return undefined;
  }

  /** Shows a confirmation that clears itself after {@link STATUS_MS} (and on the next action). */
  private showStatus(key: AccountMessageKey | undefined): void {
    clearTimeout(this.statusTimer);
    this.status = key;
    if (key) this.statusTimer = setTimeout(() => (this.status = undefined), STATUS_MS);
  }

  private async saveProfile(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const data = new FormData(event.currentTarget as HTMLFormElement);
    const body = await this.change("profile", { name: String(data.get("name") ?? ""), image: String(data.get("image") ?? "") });
    if (!body) return;
    const user = body.user as Profile["user"];
    this.profile = { ...this.profile!, user };
    this.showStatus("account.status.profileSaved");
    this.dispatchEvent(new AuthProfileUpdatedEvent({ name: user.name, image: user.image }));
  }

  /** Signs out one other session (`id`), or every other one. */
  private async revoke(id?: string): Promise<void> {
    const body = await this.change(id ? "sessions/revoke" : "sessions/revoke-others", id ? { id } : {});
    if (!body) return;
    this.sessions = id ? (this.sessions ?? []).filter((session) => session.id !== id) : (this.sessions ?? []).filter((session) => session.current);
    this.showStatus(id ? "account.status.sessionRevoked" : "account.status.othersRevoked");
    this.dispatchEvent(new AuthSessionRevokedEvent({ count: Number(body.revoked) || 0, others: !id }));
  }

  private async unlink(account: { provider: string; providerAccountId: string }): Promise<void> {
    const body = await this.change("accounts/unlink", { provider: account.provider, providerAccountId: account.providerAccountId });
    if (!body) return;
    this.showStatus("account.status.accountUnlinked");
    this.dispatchEvent(new AuthAccountUnlinkedEvent({ provider: account.provider }));
    await this.load({ quiet: true });
  }

  /** Connects another provider: the normal sign-in (a form post with the CSRF token), coming back here. */
  private async link(provider: string): Promise<void> {
    const ctx = createContext({ basePath: this.basePath });
    const token = await fetchCsrfToken(ctx);
    const csrfToken = token.ok ? token.token : undefined;
    if (typeof csrfToken !== "string") {
      this.error = "MissingCSRF";
      return;
    }
    const form = document.createElement("form");
    form.method = "post";
    form.action = ctx.url(`/signin/${encodeURIComponent(provider)}`);
    form.hidden = true;
    for (const [name, value] of [
      ["csrfToken", csrfToken],
      ["callbackUrl", location.href],
    ]) {
      const input = document.createElement("input");
      input.type = "hidden";
      input.name = name!;
      input.value = value!;
      form.append(input);
    }
    this.append(form);
    form.submit();
  }

  private async askDelete(): Promise<void> {
    this.confirmingDelete = true;
    await this.updateComplete;
    this.querySelector<HTMLInputElement>(`#${CSS.escape(this.ids.confirm)}`)?.focus();
  }

  private async closeDelete(): Promise<void> {
    this.confirmingDelete = false;
    await this.updateComplete;
    this.renderRoot.querySelector<HTMLElement>("[data-delete]")?.focus();
  }

  private async deleteAccount(event: SubmitEvent, word: string): Promise<void> {
    event.preventDefault();
    const confirm = String(new FormData(event.currentTarget as HTMLFormElement).get("confirm") ?? "");
    if (confirm.trim().toLowerCase() !== word.toLowerCase()) {
      this.error = "ConfirmationRequired";
      return;
    }
    const body = await this.change("delete", { confirm });
    if (!body) return;
    this.confirmingDelete = false;
    this.profile = undefined;
    this.setState("signed-out");
    this.showStatus("account.status.accountDeleted");
    this.dispatchEvent(new AuthAccountDeletedEvent({}));
  }

  private setState(next: AccountState): void {
    this.state = next;
    for (const name of ["loading", "ready", "signed-out", "error"] as const) toggleState(this.internals, name, name === next);
  }
}

/** A date in the element's locale, or `null`. */
function formatDate(value: string | null, tags: string[]): string | null {
  if (!value) return null;
  const date = new Date(value);
  if (Number.isNaN(date.valueOf())) return null;
  try {
    return new Intl.DateTimeFormat(tags, { dateStyle: "medium", timeStyle: "short" }).format(date);
  } catch {
    return date.toISOString();
  }
}

declare global {
  interface HTMLElementTagNameMap {
    "auth-account": AuthAccount;
  }
}
