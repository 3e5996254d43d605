import type { Session } from "../../server/types.js";

/** Fired by `<auth-session>` when the session it shows changes (signed in, signed out, updated). */
export class AuthSessionChangeEvent extends Event {
  static readonly type = "auth-session-change";
  constructor(readonly detail: { session: Session | null }) {
    super(AuthSessionChangeEvent.type, { bubbles: true, composed: true });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    "auth-session-change": AuthSessionChangeEvent;
  }
}
