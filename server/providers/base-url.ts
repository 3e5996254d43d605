/**
 * Base URL options of the catalogue's providers (GitLab's `baseUrl`, GitHub's `enterprise.baseUrl`):
 * every endpoint of a self-managed instance hangs off it, so a value that is not an absolute http(s)
 * URL is refused when the provider is made, with a message naming the provider and the option.
 */
import { InvalidProvider } from "../core/errors.js";

/**
 * `value` as an absolute http(s) URL without a trailing slash, ready for `${base}/path`. A path is
 * kept (an instance under a relative URL root, `https://example.com/gitlab`); query and fragment are
 * dropped.
 */
export function baseUrlOption(value: string | URL, provider: string, option: string): string {
  let url: URL;
  try {
    url = new URL(String(value));
  } catch {
    // The value is not echoed: a mistyped URL may carry credentials.
    throw new InvalidProvider(`${provider}: \`${option}\` must be an absolute http(s) URL such as "https://git.example.com".`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new InvalidProvider(`${provider}: \`${option}\` must be an http(s) URL; got the scheme ${JSON.stringify(url.protocol)}.`);
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, "")}`;
}
