/** Fired by `<auth-account>` after the server ended sessions (`count`; `others` when it was every other one). */
export class AuthSessionRevokedEvent extends Event {
  static readonly type = "auth-session-revoked";
  constructor(readonly detail: { count: number; others: boolean }) {
    super(AuthSessionRevokedEvent.type, { bubbles: true, composed: true });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    "auth-session-revoked": AuthSessionRevokedEvent;
  }
}
