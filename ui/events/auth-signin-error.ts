/** Fired when a sign-in failed. `code` is the server's error code (`CredentialsSignin`, `MissingCSRF`, `NetworkError`, …). */
export class AuthSigninErrorEvent extends Event {
  static readonly type = "auth-signin-error";
  constructor(readonly detail: { code: string; provider?: string; credentialsCode?: string }) {
    super(AuthSigninErrorEvent.type, { bubbles: true, composed: true });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    "auth-signin-error": AuthSigninErrorEvent;
  }
}
