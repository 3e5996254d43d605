/**
 * Keeps an element in step with the session: `onChange` runs when the element connects and whenever
 * the session changes (a sign-in or sign-out through the client, in this tab or another); the
 * subscription ends when it disconnects. One reactive controller for the elements that show
 * something of the session (`<auth-session>`, `<auth-user>`, the passkey elements).
 */
import type { ReactiveController, ReactiveControllerHost } from "lit";
import { authClient, DEFAULT_BASE_PATH } from "./auth.js";

export interface SessionHost extends ReactiveControllerHost {
  /** Where Foyer is mounted on this origin (read when the element connects). */
  basePath?: string;
}

export class SessionSubscription implements ReactiveController {
  private unsubscribe?: () => void;

  /**
   * @param onChange Reads what the element needs again.
   * @param when Whether to follow the session on this connection (default: always).
   */
  constructor(
    private readonly host: SessionHost,
    private readonly onChange: () => void,
    private readonly when: () => boolean = () => true,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    if (!this.when()) return;
    this.unsubscribe = authClient(this.host.basePath ?? DEFAULT_BASE_PATH).onSessionChange(() => this.onChange());
    this.onChange();
  }

  hostDisconnected(): void {
    this.unsubscribe?.();
    this.unsubscribe = undefined;
  }
}
