import { LitElement, css, html } from "lit";
import type { Session } from "../../../server/types.js";
import { AuthSessionChangeEvent } from "../../events/auth-session-change.js";
import { DEFAULT_BASE_PATH, loadSession } from "../../internal/auth.js";
import { SessionSubscription } from "../../internal/session-subscription.js";

type SessionState = "loading" | "signed-in" | "signed-out";

/**
 * Shows one of two slots depending on whether the user is signed in, and exposes the session. It
 * follows sign-in and sign-out in this tab and in others (the client's `BroadcastChannel`).
 *
 * @summary Session-aware container.
 * @slot signed-in - Shown when there is a session with a user.
 * @slot signed-out - Shown when there is none.
 * @slot loading - Shown until the session is known (default: nothing).
 * @cssstate signed-in - A session with a user is present.
 * @cssstate signed-out - No session.
 * @cssstate loading - The session is being fetched.
 * @fires auth-session-change - The session changed (`detail.session`, `null` when signed out).
 */
export class AuthSession extends LitElement {
  static override styles = css`
    :host {
      display: contents;
    }
  `;

  static override properties = {
    basePath: { attribute: "base-path" },
    session: { state: true },
    state: { reflect: true },
  };

  /** Where Foyer is mounted on this origin. */
  basePath = DEFAULT_BASE_PATH;
  /** The current session (`null` when signed out, `undefined` while loading). Read-only in practice. */
  session?: Session | null;
  /** `loading`, `signed-in` or `signed-out`, reflected for CSS (`auth-session[state="signed-in"]`). */
  state: SessionState = "loading";

  private readonly internals = this.attachInternals?.();
  private readonly subscription = new SessionSubscription(this, () => void this.refresh());

  /** Fetches the session again. */
  async refresh(): Promise<void> {
    const session = await loadSession(this.basePath);
    const changed = JSON.stringify(session) !== JSON.stringify(this.session);
    this.session = session;
    this.setState(session?.user ? "signed-in" : "signed-out");
    if (changed) this.dispatchEvent(new AuthSessionChangeEvent({ session }));
  }

  private setState(next: SessionState): void {
    this.state = next;
    try {
      for (const name of ["loading", "signed-in", "signed-out"]) this.internals?.states.delete(name);
      this.internals?.states.add(next);
    } catch {
      // custom states are optional; the reflected `state` attribute says the same
    }
  }

  override render() {
    return html`<slot name=${this.state}></slot>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    "auth-session": AuthSession;
  }
}
