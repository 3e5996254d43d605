/** Fired by `<auth-account>` after the server deleted the account (the browser is signed out). */
export class AuthAccountDeletedEvent extends Event {
  static readonly type = "auth-account-deleted";
  constructor(readonly detail: Record<string, never>) {
    super(AuthAccountDeletedEvent.type, { bubbles: true, composed: true });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    "auth-account-deleted": AuthAccountDeletedEvent;
  }
}
