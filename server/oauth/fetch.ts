/**
 * Known deviations of real providers' token responses, normalised before the protocol library sees
 * them: a string `expires_in`, a missing `token_type`, JSON served as `text/plain` or `text/html`, and
 * form-encoded token responses (`access_token=…&scope=…`). Anything else goes through unchanged.
 */
export function normalizingFetch(base: typeof fetch): typeof fetch {
  return (async (input: RequestInfo | URL, init?: RequestInit) => {
    const response = await base(input, init);
    const type = response.headers.get("content-type") ?? "";
    // Only token responses (POSTs that answer with an access token) are touched.
    if (!response.ok || (init?.method ?? "GET").toUpperCase() !== "POST") return response;
    const text = await response.text();
    let body: Record<string, unknown> | undefined;
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) body = parsed as Record<string, unknown>;
    } catch {
      if (type.includes("application/x-www-form-urlencoded") || /^[\w.-]+=/.test(text)) body = Object.fromEntries(new URLSearchParams(text));
    }
    if (!body || !("access_token" in body)) return new Response(text, { status: response.status, headers: response.headers });
    if (typeof body.expires_in === "string" && /^\d+$/.test(body.expires_in)) body.expires_in = Number(body.expires_in);
    body.token_type ??= "bearer";
    const headers = new Headers(response.headers);
    headers.set("content-type", "application/json");
    headers.delete("content-length");
    return new Response(JSON.stringify(body), { status: response.status, headers });
  }) as typeof fetch;
}
