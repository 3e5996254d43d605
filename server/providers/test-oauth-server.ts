/**
 * A scriptable OAuth 2 / OpenID Connect server for the provider catalogue's tests: plain `node:http`
 * on loopback (port 0), one route per (method, path), every request recorded (method, path, query,
 * headers, raw and form-decoded body). For OIDC providers it serves a discovery document and a JWKS
 * for any issuer under its URL and signs ID tokens (RS256, jose) with its key. Test-only.
 *
 * ```ts
 * const server = await startTestOAuthServer();
 * server.on("POST", "/github/login/oauth/access_token", () => ({ body: { access_token: "t", token_type: "bearer" } }));
 * const issuer = server.oidc("/google");
 * const idToken = await server.idToken({ iss: issuer, aud: "client", sub: "1", nonce });
 * await server.close();
 * ```
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey, type JWK } from "jose";

export interface RecordedRequest {
  method: string;
  /** The path, without the query. */
  path: string;
  query: URLSearchParams;
  /** Lower-case header names. */
  headers: Record<string, string | undefined>;
  body: string;
  /** The body parsed as `application/x-www-form-urlencoded`. */
  form: URLSearchParams;
}

export interface Reply {
  status?: number;
  headers?: Record<string, string>;
  /** A string or bytes are sent as they are; anything else as JSON. */
  body?: unknown;
}

export type Handler = (request: RecordedRequest) => Reply | Promise<Reply>;

export interface TestOAuthServer {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  /** Every request received, oldest first. */
  readonly requests: RecordedRequest[];
  /** Answers `method path` (exact path, query ignored) with `handler`; a later call replaces it. */
  on(method: string, path: string, handler: Handler): void;
  /**
   * Serves `<issuer>/.well-known/openid-configuration` and `<issuer>/jwks` for the issuer at `path`
   * under this server (`"/auth0/"` keeps its trailing slash in the issuer). The document's endpoints
   * default to `<issuer>/authorize`, `/token` and `/userinfo`; `metadata` overrides or adds fields.
   * Returns the issuer.
   */
  oidc(path: string, metadata?: Record<string, unknown>): string;
  /** An RS256 ID token signed with the server's key (`iat`/`exp` added when missing). */
  idToken(claims: Record<string, unknown>): Promise<string>;
  /** The requests to `path` (optionally one method), oldest first. */
  requestsTo(path: string, method?: string): RecordedRequest[];
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function send(res: ServerResponse, reply: Reply): void {
  const headers: Record<string, string> = { ...reply.headers };
  let payload: string | Uint8Array = "";
  if (typeof reply.body === "string" || reply.body instanceof Uint8Array) payload = reply.body;
  else if (reply.body !== undefined) {
    payload = JSON.stringify(reply.body);
    headers["content-type"] ??= "application/json";
  }
  res.writeHead(reply.status ?? 200, headers);
  res.end(payload);
}

export async function startTestOAuthServer(): Promise<TestOAuthServer> {
  const { privateKey, publicKey } = await generateKeyPair("RS256");
  const kid = "test-key-1";
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: "RS256", use: "sig" };
  const routes = new Map<string, Handler>();
  const requests: RecordedRequest[] = [];

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const body = await readBody(req);
      const headers: Record<string, string | undefined> = {};
      for (const [name, value] of Object.entries(req.headers)) headers[name] = Array.isArray(value) ? value.join(", ") : value;
      const recorded: RecordedRequest = {
        method: req.method ?? "GET",
        path: url.pathname,
        query: url.searchParams,
        headers,
        body,
        form: new URLSearchParams(body),
      };
      requests.push(recorded);
      const handler = routes.get(`${recorded.method} ${recorded.path}`);
      send(res, handler ? await handler(recorded) : { status: 404, body: { error: "not_found", path: recorded.path } });
    })().catch((error: unknown) => send(res, { status: 500, body: { error: "server_error", message: String(error) } }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const on = (method: string, path: string, handler: Handler) => void routes.set(`${method.toUpperCase()} ${path}`, handler);

  return {
    url: origin,
    requests,
    on,
    oidc(path, metadata = {}) {
      const issuer = `${origin}${path.startsWith("/") ? path : `/${path}`}`;
      const base = issuer.replace(/\/$/, "");
      const basePath = new URL(base).pathname;
      const document = {
        issuer,
        authorization_endpoint: `${base}/authorize`,
        token_endpoint: `${base}/token`,
        userinfo_endpoint: `${base}/userinfo`,
        jwks_uri: `${base}/jwks`,
        response_types_supported: ["code"],
        subject_types_supported: ["public"],
        id_token_signing_alg_values_supported: ["RS256"],
        ...metadata,
      };
      on("GET", `${basePath}/.well-known/openid-configuration`, () => ({ body: document }));
      on("GET", new URL(String(document.jwks_uri)).pathname, () => ({ body: { keys: [jwk] } }));
      return issuer;
    },
    async idToken(claims) {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ iat: now, exp: now + 600, ...claims }).setProtectedHeader({ alg: "RS256", kid, typ: "JWT" }).sign(privateKey as CryptoKey);
    },
    requestsTo(path, method) {
      return requests.filter((r) => r.path === path && (!method || r.method === method.toUpperCase()));
    },
    close() {
      return new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      });
    },
  };
}
