/**
 * `GET {basePath}/providers`: every provider keyed by id. Auth.js's five keys stay exactly
 * as they are; Foyer adds the non-secret descriptors its web components need to render the same
 * choices as the sign-in page: `fields` (credentials, e-mail, WebAuthn) and `style` (button colours
 * and a logo URL under `{basePath}/assets/`). Nothing secret is ever listed: no client ids, no
 * endpoints, no functions.
 */
import type { RequestContext } from "../context/request-context.js";
import { JSON_HEADERS } from "../core/response.js";
import type { PageProvider } from "../pages/providers.js";
import type { PublicProvider, ResponseInternal } from "../types.js";

/** A provider as `GET /providers` describes it. */
export interface ListedProvider extends PublicProvider {
  fields?: { name: string; label: string; type: string; autocomplete?: string; required?: boolean }[];
  style?: { brandColor?: string; textColor?: string; logo?: string };
}

export function providersAction(ctx: RequestContext): ResponseInternal<Record<string, ListedProvider>> {
  const views = new Map(ctx.config.pageProviders.map((view) => [view.id, view]));
  const body: Record<string, ListedProvider> = {};
  for (const provider of ctx.config.providers) {
    const entry: ListedProvider = {
      id: provider.id,
      name: provider.name,
      type: provider.type,
      signinUrl: `${ctx.authUrl}/signin/${provider.id}`,
      callbackUrl: `${ctx.authUrl}/callback/${provider.id}`,
    };
    const view = views.get(provider.id);
    if (view) describe(entry, view, ctx.authUrl);
    body[provider.id] = entry;
  }
  return { status: 200, headers: { ...JSON_HEADERS }, body };
}

function describe(entry: ListedProvider, view: PageProvider, authUrl: string): void {
  if (view.type === "email") {
    entry.fields = [{ name: "email", label: "Email", type: "email", autocomplete: "email", required: true }];
  } else if (view.fields.length) {
    entry.fields = view.fields.map(({ name, label, type, autocomplete, required }) => ({ name, label: label ?? "Email", type, autocomplete, required }));
  }
  if (view.buttonColors) {
    entry.style = { brandColor: view.buttonColors.brand, textColor: view.buttonColors.text };
    // A site path for Foyer's own logos: elements accept it on any page of this origin, http or https.
    if (view.logo) entry.style.logo = view.logo.asset ? `${new URL(authUrl).pathname.replace(/\/$/, "")}/assets/${view.logo.src}` : view.logo.src;
  }
}
