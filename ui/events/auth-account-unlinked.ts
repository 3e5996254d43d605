/** Fired by `<auth-account>` after the server disconnected an OAuth account. */
export class AuthAccountUnlinkedEvent extends Event {
  static readonly type = "auth-account-unlinked";
  constructor(readonly detail: { provider: string }) {
    super(AuthAccountUnlinkedEvent.type, { bubbles: true, composed: true });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    "auth-account-unlinked": AuthAccountUnlinkedEvent;
  }
}
