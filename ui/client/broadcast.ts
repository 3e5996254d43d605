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

/**
 * A per-client notification hub: its listeners, and the channel it listens on while it has any.
 * Use it through {@link subscribe} and {@link notify} (separate functions, so a bundle that only
 * notifies, such as `<auth-signin>`'s, carries no listening code).
 */
export interface SessionBus {
  readonly listeners: Set<SessionChangeListener>;
  channel?: BroadcastChannel;
}

/** The reason carried by a channel message, or `undefined` for anything that is not one of ours. */
function reasonOf(data: unknown): SessionChangeReason | undefined {
  const reason = (data as { reason?: unknown } | null | undefined)?.reason;
  return typeof reason === "string" && /^(?:signin|signout|update)$/.test(reason) ? (reason as SessionChangeReason) : undefined;
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
  return { listeners: new Set() };
}

/** Calls the bus's listeners, reporting (not throwing) what they throw. */
function dispatch(bus: SessionBus, reason: SessionChangeReason): void {
  for (const listener of [...bus.listeners]) {
    try {
      listener({ reason });
    } catch (error) {
      reportError(error);
    }
  }
}

/** Adds a listener to `bus`; returns the function that removes it. */
export function subscribe(bus: SessionBus, listener: SessionChangeListener): () => void {
  // Wrap so that the same function subscribed twice is two subscriptions, each removable once.
  const entry: SessionChangeListener = (event) => listener(event);
  bus.listeners.add(entry);
  if (!bus.channel) {
    bus.channel = openChannel();
    if (bus.channel)
      bus.channel.onmessage = (event: MessageEvent) => {
        const reason = reasonOf(event.data);
        if (reason) dispatch(bus, reason);
      };
  }
  return () => {
    if (!bus.listeners.delete(entry) || bus.listeners.size > 0) return;
    bus.channel?.close();
    bus.channel = undefined;
  };
}

/**
 * A view of `bus` for {@link notify} that tells only the other clients (other tabs, other clients in
 * this one), not the bus's own listeners: for a caller that brings its own state up to date itself
 * (the React bindings apply the session an update answered with instead of fetching it again).
 * Posting goes through the bus's channel while it is open, which never delivers to itself.
 */
export function otherClientsOnly(bus: SessionBus): SessionBus {
  return {
    listeners: new Set(),
    get channel() {
      return bus.channel;
    },
  };
}

/** Calls the listeners of `bus` and tells the other clients (other tabs, other clients in this one). */
export function notify(bus: SessionBus, reason: SessionChangeReason): void {
  dispatch(bus, reason);
  // A channel does not receive its own messages, so posting on ours never calls our listeners
  // twice. Without listeners, a short-lived channel carries the message.
  const { channel } = bus;
  const sender = channel ?? openChannel();
  try {
    sender?.postMessage({ reason });
  } catch {
    // A closed or broken channel: other tabs miss this change; this one has been told.
  } finally {
    if (sender !== channel) sender?.close();
  }
}
