/** Checks shared by the state-changing actions. */
import type { RequestContext } from "./request-context.js";
import { MissingCSRF } from "../core/errors.js";

/** Throws `MissingCSRF` unless the request passed the CSRF check (token and browser provenance). */
export function requireCsrf(ctx: RequestContext): void {
  if (ctx.csrf.verified) return;
  throw new MissingCSRF(`CSRF token was missing during an action ${ctx.req.action}: ${ctx.csrf.failure ?? "check failed"}.`);
}
