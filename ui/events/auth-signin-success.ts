/** Fired after a sign-in succeeded; `url` is where the server would send the user. */
export class AuthSigninSuccessEvent extends Event {
  static readonly type = "auth-signin-success";
  constructor(readonly detail: { provider: string; url: string | null }) {
    super(AuthSigninSuccessEvent.type, { bubbles: true, composed: true });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    "auth-signin-success": AuthSigninSuccessEvent;
  }
}
