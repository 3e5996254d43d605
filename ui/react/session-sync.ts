"use client";
/**
 * Keeps every mounted `<SessionProvider>` of a page on the same session: one fetch is applied to all
 * of them, an answer older than one already applied is dropped, and a change announced by another
 * tab (or another Foyer client in this one, such as `<auth-signin>`) makes them fetch it again.
 *
 * @internal
 * @module
 */
import type { Session } from "../../server/types.js";
import { subscribe, type SessionBus } from "../client/broadcast.js";
import { isRecord, requestJson } from "../client/http.js";
import { sharedClient, type SharedClient } from "./shared-client.js";

/** A session read: the session (or `null` when signed out), or a failure that says nothing about it. */
export type SessionRead = { ok: true; session: Session | null } | { ok: false };

/** How a provider receives a read. */
export type ApplySession = (read: SessionRead) => void;

const mounted = new Set<ApplySession>();
/** Every read is numbered when it starts; a read that started before the last applied one is dropped. */
let started = 0;
let applied = 0;

/**
 * `GET {basePath}/session`: `200` with an object is a session, `200 null` is signed out; anything else
 * (no answer, a `5xx`, a body that is not Foyer's) is a failure, which leaves the shown session as it is.
 */
export async function readSession(client: SharedClient = sharedClient()): Promise<SessionRead> {
  const answer = await requestJson(client.ctx, "/session", { method: "GET" });
  if (!answer.ok || answer.status !== 200) return { ok: false };
  if (answer.body === null) return { ok: true, session: null };
  return isRecord(answer.body) ? { ok: true, session: answer.body as unknown as Session } : { ok: false };
}

/** Gives `read` to every mounted provider, unless a newer read was applied already. */
function apply(read: SessionRead, ticket: number): void {
  if (ticket < applied) return;
  applied = ticket;
  for (const provider of [...mounted]) provider(read);
}

/** Shows `session` in every mounted provider at once (a session an action answered with). */
export function publishSession(session: Session | null): void {
  apply({ ok: true, session }, ++started);
}

/** Drops the answers of reads started until now (a newer session arrived another way: a server render). */
export function supersedePendingReads(): void {
  applied = ++started;
}

/** Fetches the session once and applies it to every mounted provider; resolves when applied. */
export async function refreshSessions(): Promise<SessionRead> {
  const ticket = ++started;
  const read = await readSession();
  apply(read, ticket);
  return read;
}

/**
 * Registers a provider to receive every applied read.
 * @returns The function that unregisters it.
 */
export function mountProvider(provider: ApplySession): () => void {
  mounted.add(provider);
  return () => void mounted.delete(provider);
}

const watchers = new Map<SessionBus, { count: number; off: () => void }>();

/**
 * While at least one provider watches `bus`, a change announced on it (from another tab, or another
 * Foyer client in this one) fetches the session once for all providers.
 * @returns The function that stops this provider's watch.
 */
export function watchSessionChanges(bus: SessionBus): () => void {
  let watcher = watchers.get(bus);
  if (!watcher) {
    watcher = { count: 0, off: subscribe(bus, () => void refreshSessions()) };
    watchers.set(bus, watcher);
  }
  watcher.count += 1;
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    watcher.count -= 1;
    if (watcher.count > 0) return;
    watcher.off();
    watchers.delete(bus);
  };
}
