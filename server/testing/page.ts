/** Fetching a built-in page through `Auth()` and parsing it, for the page tests. Test-only; not built. */
import { parseHTML } from "linkedom";
import { Auth } from "../auth.js";
import type { AuthConfig } from "../types.js";
import { get } from "./harness.js";

/** GET `path` with `cfg`: the response, its HTML and the parsed document. */
export async function page(path: string, cfg: AuthConfig, headers: Record<string, string> = {}) {
  const response = await Auth(get(path, { headers }), cfg);
  const html = await response.text();
  return { response, html, document: parseHTML(html).document };
}
