/** Fired before a sign-in request; cancelable: `preventDefault()` stops the sign-in. */
export class AuthSigninStartEvent extends Event {
  static readonly type = "auth-signin-start";
  constructor(readonly detail: { provider: string }) {
    super(AuthSigninStartEvent.type, { bubbles: true, composed: true, cancelable: true });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    "auth-signin-start": AuthSigninStartEvent;
  }
}
