/**
 * A cookie jar for tests that talk to an app over HTTP without a browser: it keeps what `Set-Cookie`
 * headers say, the way a browser would for one site (no paths, domains or expiry dates), and sends
 * them back as one `Cookie` header.
 */
export class CookieJar {
  /** The cookies by name, with their values as sent (percent-encoded where Foyer encoded them). */
  readonly cookies = new Map<string, string>();

  /** Takes the `Set-Cookie` headers of `response`: an empty value or `Max-Age=0` deletes. */
  update(response: Response): this {
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq);
      const value = pair!.slice(eq + 1);
      if (value === "" || /;\s*Max-Age=0/i.test(header)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return this;
  }

  /** The `Cookie` header of a request (empty when the jar is). */
  get header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  /** One cookie's value, decoded. */
  get(name: string): string | undefined {
    const value = this.cookies.get(name);
    return value === undefined ? undefined : decodeURIComponent(value);
  }
}
