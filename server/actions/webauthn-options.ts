/**
 * `GET {basePath}/webauthn-options/<id>?action=authenticate|register[&email=…]`: the options a
 * passkey ceremony starts with, plus the sealed challenge cookie (docs/passkeys.md#the-wire).
 *
 * Unlike Auth.js, the answer never depends on whether an address has an account (no account
 * enumeration): sign-in offers the browser's discoverable credentials without naming any, and a
 * signed-out sign-up is answered the same for known and unknown addresses without even looking the
 * address up. Whether the address is free is decided when the signed registration comes back
 * (server/webauthn/register.ts), where a taken address fails with `AccountNotLinked`.
 */
import type { AdapterAuthenticator } from "../adapters/types.js";
import type { RequestContext } from "../context/request-context.js";
import { JSON_HEADERS } from "../core/response.js";
import { normalizeEmail } from "../email/identifier.js";
import type { WebAuthnConfig } from "../providers/webauthn.js";
import { presentEmail } from "../session/new-user.js";
import { sessionStrategyOf } from "../session/strategy.js";
import type { ResponseInternal } from "../types.js";
import { challengeCookie, type RegistrationIntent } from "../webauthn/challenge.js";
import { authenticationOptions, registrationOptions } from "../webauthn/options.js";
import { hookRequest, webauthnProviderOf } from "../webauthn/provider.js";

const HEADERS = { ...JSON_HEADERS, "Cache-Control": "no-store" };

function json(status: number, body: unknown): ResponseInternal {
  return { status, headers: { ...HEADERS }, body };
}

export async function webauthnOptionsAction(ctx: RequestContext): Promise<ResponseInternal> {
  const provider = webauthnProviderOf(ctx);
  const action = ctx.req.query.action;
  if (action === "register") return registerOptions(ctx, provider);
  if (action === undefined || action === "authenticate") {
    const options = await authenticationOptions(ctx, provider);
    const cookie = await challengeCookie(ctx, "authenticate", options.challenge);
    return { ...json(200, { action: "authenticate", options }), cookies: [cookie] };
  }
  return json(400, { error: "Invalid action" });
}

/** Registration for the signed-in user (adds a passkey), or a sign-up for the address in the request. */
async function registerOptions(ctx: RequestContext, provider: WebAuthnConfig): Promise<ResponseInternal> {
  const adapter = ctx.config.adapter!;
  const user = await sessionStrategyOf(ctx.config).currentUser(ctx);
  let intent: Omit<RegistrationIntent, "handle">;
  let existing: AdapterAuthenticator[] = [];
  if (user) {
    intent = { email: presentEmail(user.email) ?? null, name: user.name ?? null, userId: user.id };
    existing = await adapter.listAuthenticatorsByUserId!(user.id);
  } else {
    const info = await provider.getUserInfo({ provider, adapter }, hookRequest(ctx));
    const email = normalizeEmail(info?.user?.email);
    if (!email.ok) {
      ctx.logger.debug("webauthn-options: a sign-up without a usable e-mail address", { reason: email.reason });
      return json(400, { error: "Invalid request" });
    }
    const name = info?.user?.name;
    intent = { email: email.email, name: typeof name === "string" && name !== "" ? name.slice(0, 128) : null, userId: null };
  }
  // The authenticator shows the address (or, without one, the name) as the account's label.
  const label = intent.email || intent.name || "user";
  // The account's derived user handle only for a signed-in user, whose known passkeys the options
  // exclude. A signed-out sign-up gets a random one: the server cannot exclude an existing account's
  // passkeys there without saying the address has an account, and under the account's own handle a
  // passkey manager would replace that account's working passkey with one the server then refuses.
  const address = user ? intent.email : null;
  const options = await registrationOptions(ctx, provider, { email: label, name: intent.name, existing, address });
  const cookie = await challengeCookie(ctx, "register", options.challenge, { ...intent, handle: options.user.id });
  return { ...json(200, { action: "register", options }), cookies: [cookie] };
}
