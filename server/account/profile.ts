/**
 * `GET {basePath}/account/profile`: the signed-in user's name, e-mail and picture, and what the
 * account area offers (account deletion). `POST …/profile` changes the name and picture: in the
 * adapter for a stored user (`updateUser`), and in the session through a session update (the `jwt`
 * callback runs with `trigger: "update"` and `session: { name, image }`, as after the client's
 * `update()`), so that the new values show at once. The e-mail address is shown, never changed here.
 */
import type { RequestContext } from "../context/request-context.js";
import { sessionStrategyOf } from "../session/strategy.js";
import type { ResponseInternal } from "../types.js";
import { isSafeImageUrl } from "../../theme/image-url.js";
import { json, missingCsrf, noRoute, sessionRequired } from "./respond.js";

/** What `GET {basePath}/account/profile` answers. */
export interface ProfileInfo {
  user: { name: string | null; email: string | null; image: string | null };
  /** Whether this user may delete their account here (`account.deletion`, database sessions, an adapter with `deleteUser`). */
  deletion: boolean;
}

export const MAX_NAME_LENGTH = 100;

/** The signed-in user as the session shows them, with the stored user's values when there is one. */
export async function profileOf(ctx: RequestContext): Promise<ProfileInfo | null> {
  const strategy = sessionStrategyOf(ctx.config);
  const stored = await strategy.currentUser(ctx);
  let user: ProfileInfo["user"] | null = stored ? { name: stored.name ?? null, email: stored.email ?? null, image: stored.image ?? null } : null;
  if (!user) {
    const session = (await strategy.read(ctx)).body;
    if (!session?.user) return null;
    user = { name: session.user.name ?? null, email: session.user.email ?? null, image: session.user.image ?? null };
  }
  return { user, deletion: deletionAvailable(ctx) && Boolean(stored) };
}

/** Whether account deletion is configured and possible with this config. */
export function deletionAvailable(ctx: RequestContext): boolean {
  return ctx.config.account.deletion && sessionStrategyOf(ctx.config).storesSessions && typeof ctx.config.adapter?.deleteUser === "function";
}

/** A checked name (`null` clears it) or `undefined` when it is not acceptable text. */
export function checkedName(value: unknown): string | null | undefined {
  if (typeof value !== "string") return undefined;
  const name = value.normalize("NFC").trim();
  if (!name) return null;
  if ([...name].length > MAX_NAME_LENGTH || /[\p{Cc}\p{Cf}\u2028\u2029]/u.test(name)) return undefined;
  return name;
}

/** A checked picture URL (`null` clears it): `https:` or a path on the site, never `javascript:` or `http:`. */
export function checkedImage(value: unknown): string | null | undefined {
  if (value === undefined || value === null) return value === null ? null : undefined;
  if (typeof value !== "string") return undefined;
  const image = value.trim();
  if (!image) return null;
  return isSafeImageUrl(image) && !image.startsWith("data:") && image.length <= 2048 ? image : undefined;
}

export async function profileRoute(ctx: RequestContext, segments: string[]): Promise<ResponseInternal> {
  if (segments.length) return noRoute();
  if (ctx.req.method !== "POST") {
    const profile = await profileOf(ctx);
    return profile ? json(200, profile) : sessionRequired("see your account");
  }
  if (!ctx.csrf.verified) return missingCsrf();
  const strategy = sessionStrategyOf(ctx.config);
  const stored = await strategy.currentUser(ctx);
  const body = { ...(ctx.req.body ?? {}) };
  // The form sends the picture back as it was: one a provider gave (say an http: URL) is kept, not refused.
  if (stored && "image" in body && body.image === (stored.image ?? "")) delete body.image;
  const name = checkedName(body.name);
  const image = "image" in body ? checkedImage(body.image) : undefined;
  if (name === undefined || ("image" in body && image === undefined)) {
    return json(400, { error: "InvalidRequest", message: `A name is up to ${MAX_NAME_LENGTH} characters of text; a picture is an https: URL.` });
  }
  const changes: { name: string | null; image?: string | null } = { name, ...("image" in body ? { image } : {}) };
  const adapter = ctx.config.adapter;
  if (stored && typeof adapter?.updateUser === "function") {
    const updated = await adapter.updateUser({ id: stored.id, ...changes });
    await ctx.config.events.updateUser({ user: updated });
  } else if (stored) {
    return json(404, { error: "NotAvailable", message: "Changing the profile needs an adapter with updateUser()." });
  }
  // The session update: database sessions read the user anew; cookie sessions run the jwt callback.
  const read = await strategy.read(ctx, { data: changes });
  if (!read.body?.user) return sessionRequired("change your profile");
  await ctx.config.events.accountUpdated({ user: { ...read.body.user, ...(stored ? { id: stored.id } : {}) }, changes });
  const user = stored
    ? { name: changes.name, email: stored.email ?? null, image: "image" in changes ? changes.image! : (stored.image ?? null) }
    : read.body.user;
  const response = json(200, { user: { name: user.name ?? null, email: user.email ?? null, image: user.image ?? null } });
  response.cookies = read.cookies;
  return response;
}
