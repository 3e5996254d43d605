/**
 * Fired by `<auth-passkey-register>` after the server stored a new passkey. `signUp` is `true` when it
 * created an account (the visitor was signed out and is now signed in), `false` when the passkey was
 * added to the signed-in user; `url` is where the server would send the user next.
 */
export class AuthPasskeyRegisteredEvent extends Event {
  static readonly type = "auth-passkey-registered";
  constructor(readonly detail: { provider: string; url: string; signUp: boolean }) {
    super(AuthPasskeyRegisteredEvent.type, { bubbles: true, composed: true });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    "auth-passkey-registered": AuthPasskeyRegisteredEvent;
  }
}
