/**
 * One browser client per `basePath`, shared by every element on the page, and a session cache with a
 * single request in flight: five elements showing the session cost one `GET /session`, refreshed when
 * the session changes in this tab or another.
 */
import { createAuthClient, type AuthClient } from "../client/index.js";
import type { Session } from "../../server/types.js";

const clients = new Map<string, AuthClient>();
const sessions = new Map<string, Promise<Session | null>>();

export const DEFAULT_BASE_PATH = "/auth";

export function authClient(basePath: string = DEFAULT_BASE_PATH): AuthClient {
  let client = clients.get(basePath);
  if (!client) {
    client = createAuthClient({ basePath });
    client.onSessionChange(() => sessions.delete(basePath));
    clients.set(basePath, client);
  }
  return client;
}

/** The current session, fetched once and shared until it changes. */
export function loadSession(basePath: string = DEFAULT_BASE_PATH): Promise<Session | null> {
  let session = sessions.get(basePath);
  if (!session) {
    session = authClient(basePath).getSession();
    sessions.set(basePath, session);
  }
  return session;
}
