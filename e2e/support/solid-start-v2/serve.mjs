/**
 * The production server of an `@solidjs/start` 2 build without a deployment preset: the build's
 * `dist/server/entry-server.js` is an h3 app (a `fetch` handler), served with srvx (a dependency of
 * `@solidjs/start`), its client assets from `dist/client`. Run in the build folder; PORT and HOST from
 * the environment.
 */
import { createRequire } from "node:module";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

// srvx as @solidjs/start itself resolves it (it is its dependency, not the repository's).
const fromStart = createRequire(new URL("../../../node_modules/@solidjs/start/package.json", import.meta.url));
const load = (specifier) => import(pathToFileURL(fromStart.resolve(specifier)).href);
const { serve } = await load("srvx");
const { staticMiddleware } = await load("srvx/static");

const { default: app } = await import(pathToFileURL(resolve("dist/server/entry-server.js")).href);

serve({
  port: Number(process.env.PORT ?? 3000),
  hostname: process.env.HOST ?? "127.0.0.1",
  silent: true,
  middleware: [staticMiddleware({ dir: resolve("dist/client") })],
  fetch: (request) => app.fetch(request),
});
