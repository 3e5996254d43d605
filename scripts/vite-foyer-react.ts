/**
 * The Vite plugin of the "react" test project (vite.config.ts): mounts a real Foyer in the test
 * server (scripts/vite-foyer-react-server.ts). The server module is loaded only when the test server
 * starts, through the server's own module loader, so that loading vite.config.ts for anything else
 * does not load Foyer.
 */
import type { Plugin } from "vite";

type ServerModule = typeof import("./vite-foyer-react-server.js");

export function foyerReactTestServer(): Plugin {
  return {
    name: "foyer-react-test-server",
    configureServer(server) {
      // Loaded on the first request: the module graph is ready by then.
      let middleware: Promise<ReturnType<ServerModule["foyerReactMiddleware"]>> | undefined;
      server.middlewares.use((req, res, next) => {
        if (!/^\/(?:api\/auth(?:\/|$|\?)|__foyer-react\/)/.test(req.url ?? "")) return next();
        middleware ??= (server.ssrLoadModule("/scripts/vite-foyer-react-server.ts") as Promise<ServerModule>).then((module) => module.foyerReactMiddleware());
        middleware.then((handle) => handle(req, res, next), next);
      });
    },
  };
}
