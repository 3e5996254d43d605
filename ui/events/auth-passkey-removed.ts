/** Fired by `<auth-passkeys>` after the server removed one of the user's passkeys (`id`: its credential id). */
export class AuthPasskeyRemovedEvent extends Event {
  static readonly type = "auth-passkey-removed";
  constructor(readonly detail: { id: string }) {
    super(AuthPasskeyRemovedEvent.type, { bubbles: true, composed: true });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    "auth-passkey-removed": AuthPasskeyRemovedEvent;
  }
}
