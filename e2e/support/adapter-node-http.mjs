// Serves a SvelteKit 3 adapter-node build over plain HTTP, as a proxy in front of it would: adapter-node
// 6 no longer reads ORIGIN (its origin is `paths.origin`, fixed at build time) and takes the protocol
// from PROTOCOL_HEADER, else `https`. So this sets `X-Forwarded-Proto: http` on every request and runs
// adapter-node's own handler (its documented custom-server entry, build/handler.js) with
// PROTOCOL_HEADER=x-forwarded-proto.
//   node e2e/support/adapter-node-http.mjs <build folder>   (PORT, HOST from the environment)
import { createServer } from "node:http";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

process.env.PROTOCOL_HEADER = "x-forwarded-proto";
const { handler } = await import(pathToFileURL(join(resolve(process.argv[2]), "handler.js")).href);
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "127.0.0.1";
createServer((req, res) => {
  req.headers["x-forwarded-proto"] = "http";
  handler(req, res);
}).listen(port, host, () => console.log(`Listening on http://${host}:${port}`));
