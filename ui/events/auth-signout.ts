/** Fired by `<auth-signout>` before signing out; cancelable: `preventDefault()` keeps the user signed in. */
export class AuthSignoutEvent extends Event {
  static readonly type = "auth-signout";
  constructor() {
    super(AuthSignoutEvent.type, { bubbles: true, composed: true, cancelable: true });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    "auth-signout": AuthSignoutEvent;
  }
}
