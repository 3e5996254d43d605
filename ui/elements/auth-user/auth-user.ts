import { LitElement, css, html, nothing, type PropertyValues } from "lit";
import type { Session, User } from "../../../server/types.js";
import { isSafeImageUrl } from "../../../theme/image-url.js";
import { DEFAULT_BASE_PATH, loadSession } from "../../internal/auth.js";
import { nearestDirection } from "../../internal/direction.js";
import { SessionSubscription } from "../../internal/session-subscription.js";
import { adoptSiteTheme } from "../../internal/site-theme.js";
import { schemeSurfaceStyles } from "../../internal/list-styles.js";
import { tokenStyles } from "../../internal/styles.js";

/**
 * The signed-in user: avatar (their image, or initials when there is none or it fails to load),
 * name and e-mail. Renders nothing when signed out. Right to left where the nearest `dir`, or failing
 * that the nearest `lang`, says so (`<div lang="ar">`), as the other elements.
 *
 * @summary Avatar, name and e-mail of the signed-in user.
 * @csspart base - The wrapper.
 * @csspart avatar - The avatar image or the initials.
 * @csspart initials - The initials (when there is no image).
 * @csspart name - The user's name.
 * @csspart email - The user's e-mail.
 * @cssprop --auth-user-avatar-size - Avatar size (default 2.5rem).
 * @cssprop --auth-color-brand - Initials background; `--auth-color-on-brand` their colour.
 * @cssprop --auth-color-text - Name colour; `--auth-color-text-muted` the e-mail's.
 */
export class AuthUser extends LitElement {
  static override styles = [
    tokenStyles,
    schemeSurfaceStyles,
    css`
      :host {
        display: inline-block;
      }
      .base {
        display: inline-flex;
        align-items: center;
        gap: 0.75rem;
      }
      .avatar {
        inline-size: var(--auth-user-avatar-size, 2.5rem);
        block-size: var(--auth-user-avatar-size, 2.5rem);
        border-radius: 50%;
        object-fit: cover;
        flex: none;
      }
      .initials {
        display: grid;
        place-items: center;
        font-weight: 600;
        color: var(--_color-on-brand);
        background: var(--_color-brand);
      }
      .text {
        display: grid;
        line-height: 1.3;
      }
      .name {
        font-weight: 600;
      }
      .email {
        font-size: 0.875em;
        color: var(--_color-text-muted);
      }
    `,
  ];

  static override properties = {
    basePath: { attribute: "base-path" },
    user: { attribute: false },
    imageFailed: { state: true },
  };

  /** Where Foyer is mounted on this origin. */
  basePath = DEFAULT_BASE_PATH;
  /** The user to show; fetched from the session when not set. */
  user?: User | null;

  private imageFailed = false;
  private fetched = false;
  /** Follows the session only when no `user` was given (then it fetches the session itself). */
  private readonly subscription = new SessionSubscription(
    this,
    () => void this.refresh(),
    () => this.user === undefined && (this.fetched = true),
  );

  private async refresh(): Promise<void> {
    const session: Session | null = await loadSession(this.basePath);
    if (this.fetched) {
      this.user = session?.user ?? null;
      this.imageFailed = false;
    }
  }

  /** The server's theme (brand colours for the initials) from the base path. */
  protected override willUpdate(changed: PropertyValues): void {
    if (changed.has("basePath")) adoptSiteTheme(this);
  }

  override render() {
    const user = this.user;
    if (!user) return nothing;
    const label = user.name ?? user.email ?? "";
    const image = user.image && isSafeImageUrl(user.image) && !this.imageFailed ? user.image : undefined;
    // Shadow content inherits `direction` only from a `dir`: a `lang="ar"` container alone would
    // leave the avatar on the left, so the direction is set here (ui/internal/direction.ts).
    return html`<span part="base" class="base" dir=${nearestDirection(this)}>
      ${
        image
          ? html`<img part="avatar" class="avatar" src=${image} alt="" @error=${() => (this.imageFailed = true)} />`
          : html`<span part="avatar initials" class="avatar initials" aria-hidden="true">${initials(label)}</span>`
      }
      <span class="text">
        ${user.name ? html`<span part="name" class="name">${user.name}</span>` : nothing}
        ${user.email ? html`<span part="email" class="email">${user.email}</span>` : nothing}
      </span>
    </span>`;
  }
}

/** Up to two initials: first letters of the first and last words (of the e-mail's name part, failing a name). */
export function initials(label: string): string {
  const words = label
    .split("@")[0]!
    .split(/[\s._-]+/)
    .filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words.at(-1)!] : words.slice(0, 1);
  return letters.map((word) => String.fromCodePoint(word.codePointAt(0)!).toUpperCase()).join("");
}

declare global {
  interface HTMLElementTagNameMap {
    "auth-user": AuthUser;
  }
}
