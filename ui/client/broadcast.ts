/**
 * Session-change notifications, in this tab and across tabs.
 *
 * Listeners of a client are called directly when that client changes the session, and a message is
 * posted on the `BroadcastChannel` named `foyer-auth` so that every other client (in other tabs, or
 * another client instance in this one) calls its listeners too. A message carries only the reason,
 * never session data: a listener that wants the session calls `getSession()`. Where
 * `BroadcastChannel` does not exist, notifications stay within the client.
 *
 * @module
 */
import { reportError } from "./options.js";

/** The name of the `BroadcastChannel` clients talk on. */
export const SESSION_CHANNEL = "foyer-auth";

/** Why the session changed. */
export type SessionChangeReason = "signin" | "signout" | "update";

/** What a session-change listener receives. */
export interface SessionChangeEvent {
  /** `"signin"` after a credentials (or WebAuthn) sign-in, `"signout"`, or `"update"` after `updateSession`. */
  reason: SessionChangeReason;
}

/** A function called on every session change. */
export type SessionChangeListener = (event: SessionChangeEvent) => void;

/** A per-client notification hub. */
export interface SessionBus {
  /** Adds a listener; returns the function that removes it. */
  subscribe(listener: SessionChangeListener): () => void;
  /** Calls this client's listeners and tells the other clients. */
  notify(reason: SessionChangeReason): void;
}

const REASONS: ReadonlySet<string> = new Set<SessionChangeReason>(["signin", "signout", "update"]);

/** The reason carried by a channel message, or `undefined` for anything that is not one of ours. */
function reasonOf(data: unknown): SessionChangeReason | undefined {
  if (typeof data !== "object" || data === null) return undefined;
  const reason = (data as { reason?: unknown }).reason;
  return typeof reason === "string" && REASONS.has(reason) ? (reason as SessionChangeReason) : undefined;
}

/** Opens the channel, or returns `undefined` where there is no `BroadcastChannel` (or it throws). */
function openChannel(): BroadcastChannel | undefined {
  if (typeof BroadcastChannel !== "function") return undefined;
  try {
    const channel = new BroadcastChannel(SESSION_CHANNEL);
    // Node: an open channel with a listener would keep the process alive.
    (channel as BroadcastChannel & { unref?: () => void }).unref?.();
    return channel;
  } catch {
    return undefined;
  }
}

/** Creates the notification hub of one client. The channel is open only while there are listeners. */
export function createSessionBus(): SessionBus {
  const listeners = new Set<SessionChangeListener>();
  let channel: BroadcastChannel | undefined;

  function dispatch(reason: SessionChangeReason): void {
    for (const listener of [...listeners]) {
      try {
        listener({ reason });
      } catch (error) {
        reportError(error);
      }
    }
  }

  return {
    subscribe(listener) {
      // Wrap so that the same function subscribed twice is two subscriptions, each removable once.
      const entry: SessionChangeListener = (event) => listener(event);
      listeners.add(entry);
      if (!channel) {
        channel = openChannel();
        if (channel) channel.onmessage = (event: MessageEvent) => {
          const reason = reasonOf(event.data);
          if (reason) dispatch(reason);
        };
      }
      return () => {
        if (!listeners.delete(entry) || listeners.size > 0) return;
        channel?.close();
        channel = undefined;
      };
    },
    notify(reason) {
      dispatch(reason);
      // A channel does not receive its own messages, so posting on ours never calls our listeners
      // twice. Without listeners, a short-lived channel carries the message.
      const sender = channel ?? openChannel();
      try {
        sender?.postMessage({ reason });
      } catch {
        // A closed or broken channel: other tabs miss this change; this one has been told.
      } finally {
        if (sender && sender !== channel) sender.close();
      }
    },
  };
}
