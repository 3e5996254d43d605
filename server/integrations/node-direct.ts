/**
 * The direct path of the Node integrations (`foyer-auth/node`, `foyer-auth/express`): a GET is
 * handed to the core as a `DirectRequest` read straight from the Node request, and the answer is
 * written straight to the Node response — no web `Request`, `Headers` or `Response` in between. Those
 * conversions cost more than Foyer's own work for a session read. The wire is the same as on the web
 * path (`toWebRequest` → `Auth()` → `sendWebResponse`), which stays for every other request; tests
 * compare the two on the same requests (node-direct.test.ts).
 *
 * The one difference is framing: a body written here goes out in one piece with `Content-Length`,
 * where the web path streams it `Transfer-Encoding: chunked`. Status, headers, cookies and body bytes
 * are the same.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { authDirect } from "../auth.js";
import type { DirectRequest } from "../core/request.js";
import type { WireResponse } from "../core/response.js";
import type { AuthConfig } from "../types.js";
import { nodeHeader, nodeHeaders, webRequest } from "./node-request.js";

/**
 * Marks options (of `createAuthHandler`) or a config (of `ExpressAuth`) whose requests all take the
 * web path. Internal: the tests that compare the two paths use it.
 */
export const WEB_PATH_ONLY = Symbol("foyer.webPathOnly");

/** Whether `value` carries {@link WEB_PATH_ONLY}. */
export function webPathOnly(value: object): boolean {
  return (value as { [WEB_PATH_ONLY]?: unknown })[WEB_PATH_ONLY] === true;
}

/**
 * The GET `req` as a {@link DirectRequest} at `url` (the URL at the public origin), its headers read
 * by the rules `toWebRequest(req, { trustProxy })` builds its `Headers` by. Its web forms, built only
 * on demand, are those of the web path.
 */
export function nodeDirectRequest(req: IncomingMessage, url: URL, trustProxy: boolean): DirectRequest {
  return new NodeDirectRequest(req, url, trustProxy);
}

/** A class rather than an object of closures: one allocation per request, and methods shared. */
class NodeDirectRequest implements DirectRequest {
  readonly method = "GET";
  readonly peerAddress: string | undefined;

  constructor(
    private readonly req: IncomingMessage,
    readonly url: URL,
    private readonly trustProxy: boolean,
  ) {
    this.peerAddress = req.socket?.remoteAddress;
  }

  header(name: string): string | null {
    return nodeHeader(this.req, this.trustProxy, name);
  }

  headers(): Headers {
    return nodeHeaders(this.req, this.trustProxy);
  }

  request(): Request {
    return webRequest(this.req, this.url, this.trustProxy, { limit: 0, exceeded: false });
  }
}

/**
 * Answers `req` (a GET) through the direct path and writes the answer to `res`; a web `Response`
 * (an answer the direct path leaves to the web path's edge) is written by `sendWeb`.
 */
export async function answerDirect(
  source: DirectRequest,
  config: AuthConfig,
  res: ServerResponse,
  sendWeb: (res: ServerResponse, response: Response) => Promise<void>,
): Promise<void> {
  const answer = await authDirect(source, config);
  if (answer instanceof Response) return sendWeb(res, answer);
  writeWire(res, answer);
}

/**
 * Writes a {@link WireResponse} as `sendWebResponse` writes the `Response` it stands for: the status,
 * each header in the same order, `Set-Cookie` values each as its own header, then the body.
 */
export function writeWire(res: ServerResponse, wire: WireResponse): void {
  res.statusCode = wire.status;
  for (const [name, value] of wire.headers) res.setHeader(name, value);
  if (wire.cookies.length > 0) res.setHeader("set-cookie", wire.cookies);
  if (wire.body === null) res.end();
  else res.end(wire.body);
}
