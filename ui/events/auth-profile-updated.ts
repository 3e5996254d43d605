/** Fired by `<auth-account>` after the server saved the user's name or picture. */
export class AuthProfileUpdatedEvent extends Event {
  static readonly type = "auth-profile-updated";
  constructor(readonly detail: { name: string | null; image: string | null }) {
    super(AuthProfileUpdatedEvent.type, { bubbles: true, composed: true });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    "auth-profile-updated": AuthProfileUpdatedEvent;
  }
}
