/**
 * The production server of an `@solidjs/start` 2 build without a deployment preset: the build's
 * `dist/server/entry-server.js` is an h3 app (a `fetch` handler), served with srvx (a dependency of
 * `@solidjs/start`), its client assets from `dist/client`. Run in the build folder; PORT and HOST from
 * the environment.
 */
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { serve } from "srvx";
import { staticMiddleware } from "srvx/static";

const { default: app } = await import(pathToFileURL(resolve("dist/server/entry-server.js")).href);

serve({
  port: Number(process.env.PORT ?? 3000),
  hostname: process.env.HOST ?? "127.0.0.1",
  silent: true,
  middleware: [staticMiddleware({ dir: resolve("dist/client") })],
  fetch: (request) => app.fetch(request),
});
