/**
 * The provider list (`GET {basePath}/providers`, a map keyed by provider id), fetched once per client and cached.
 *
 * @module
 */
import type { PublicProvider } from "../../server/types.js";
import { cachedLoad, failure, isRecord, requestJson, type RequestFailure } from "./http.js";
import type { ClientContext } from "./options.js";

/**
 * One input of a provider's form (credentials, e-mail and WebAuthn providers), as the server lists
 * it: enough to render the same field as the built-in sign-in page.
 */
export interface ClientProviderField {
  /** The name the value is posted under, e.g. `"password"`. */
  name: string;
  /** The visible label. */
  label: string;
  /** The input's `type`, e.g. `"password"` or `"email"`. */
  type: string;
  /** The input's `autocomplete` token(s), e.g. `"username webauthn"`. */
  autocomplete?: string;
  /** Whether the input is required. */
  required?: boolean;
}

/** How a provider's button looks on the built-in pages, when the server describes it. */
export interface ClientProviderStyle {
  /** The button's background (brand) colour. */
  brandColor?: string;
  /** The button's text colour. */
  textColor?: string;
  /** The logo URL (Foyer's bundled logos are served under `{basePath}/assets/`). */
  logo?: string;
}

/**
 * A provider as the browser sees it: the wire's `PublicProvider` (`id`, `name`, `type`,
 * `signinUrl`, `callbackUrl`) plus the optional `fields` and `style` Foyer adds for its web
 * components (Auth.js servers send neither).
 */
export interface ClientProvider extends PublicProvider {
  /** The form fields, in order. Absent for OAuth/OIDC providers. */
  fields?: ClientProviderField[];
  /** Button styling hints. */
  style?: ClientProviderStyle;
}

/** The provider map keyed by id, or why it could not be loaded. */
export type ProvidersLoad = { ok: true; providers: Record<string, ClientProvider> } | RequestFailure;

/** A per-client provider cache. */
export interface ProvidersStore {
  /** The cached map, or a fetched one. Failures are not cached. Concurrent calls share one request. */
  load(): Promise<ProvidersLoad>;
}

/** Creates the provider cache of one client. */
export function createProvidersStore(ctx: ClientContext): ProvidersStore {
  return cachedLoad(
    async (): Promise<ProvidersLoad> => {
      const answer = await requestJson(ctx, "/providers");
      if (!answer.ok) return answer;
      if (answer.status !== 200 || !isRecord(answer.body)) return failure(answer.status);
      const providers: Record<string, ClientProvider> = Object.create(null) as Record<string, ClientProvider>;
      for (const [id, entry] of Object.entries(answer.body)) {
        // A provider entry: an object with string `id` and `type`.
        if (isRecord(entry) && typeof entry.id === "string" && typeof entry.type === "string") providers[id] = entry as unknown as ClientProvider;
      }
      return { ok: true, providers };
    },
    (result) => result.ok,
  );
}
