/**
 * The ports of the servers the browser tests start (playwright.config.ts) and talk to. Each comes
 * from its environment variable when that is set, so a run can be pointed at servers already running
 * (outside CI, Playwright reuses a server that answers on its URL); otherwise every one is a port
 * that is free when the suite starts, so the suite does not collide with whatever else listens on the
 * machine (another checkout's run, a dev server on 3000-something).
 *
 * Playwright evaluates its config, and the specs import this module, in the runner process and again
 * in every worker process. The ports are picked once, in the first process that loads this module
 * (the runner), and written back to `process.env`; the workers and the web servers are started later
 * from that environment, so they all see the same numbers.
 */
import { execFileSync } from "node:child_process";

/** What each port is for → the environment variable that sets it. */
export const PORT_VARIABLES = {
  /** The demo with database sessions (Playwright's `baseURL`). */
  demo: "FOYER_E2E_DEMO_PORT",
  /** The same demo with jwt sessions (e2e/passkey.spec.ts). */
  demoJwt: "FOYER_E2E_DEMO_JWT_PORT",
  /** e2e/fixtures/pages-server.ts: the built-in pages under three themes. */
  pages: "FOYER_E2E_PAGES_PORT",
  /** e2e/fixtures/idp.ts: the OpenID Provider behind the demo's "Test IdP". */
  idp: "FOYER_E2E_IDP_PORT",
  /** e2e/fixtures/smtp-server.ts: SMTP, where the demos send their sign-in e-mails. */
  smtp: "FOYER_E2E_SMTP_PORT",
  /** e2e/fixtures/smtp-server.ts: the HTTP API the e-mail tests read messages from. */
  mailApi: "FOYER_E2E_MAIL_API_PORT",
  /** e2e/fixtures/next-server.ts: the Next.js test app with jwt sessions (e2e/next.spec.ts). */
  next: "FOYER_E2E_NEXT_PORT",
  /** e2e/fixtures/next-server.ts: the same build with database sessions. */
  nextDatabase: "FOYER_E2E_NEXT_DATABASE_PORT",
  /** e2e/fixtures/express-server.ts: the Express 5 app (e2e/express.spec.ts). */
  express: "FOYER_E2E_EXPRESS_PORT",
  /** e2e/fixtures/express-server.ts: the Express 4 app. */
  express4: "FOYER_E2E_EXPRESS4_PORT",
  /** e2e/fixtures/express-server.ts: the Express 4 app's code on `@auth/express`. */
  expressAuthjs: "FOYER_E2E_EXPRESS_AUTHJS_PORT",
  /** e2e/fixtures/qwik-server.ts: the Qwik City app on `foyer-auth/qwik` (e2e/qwik.spec.ts). */
  qwik: "FOYER_E2E_QWIK_PORT",
  /** e2e/fixtures/qwik-server.ts: the same app's code on `@auth/qwik` (e2e/qwik-migration.spec.ts). */
  qwikAuthjs: "FOYER_E2E_QWIK_AUTHJS_PORT",
  /** e2e/fixtures/solid-start-server.ts: the SolidStart app on `foyer-auth/solid-start` (e2e/solid-start.spec.ts). */
  solidStart: "FOYER_E2E_SOLID_START_PORT",
  /** e2e/fixtures/solid-start-server.ts: the old `solid-start` 0.2 app on `@auth/solid-start`. */
  solidStartAuthjs: "FOYER_E2E_SOLID_START_AUTHJS_PORT",
  /** e2e/fixtures/solid-start-server.ts: the same Foyer app on `@solidjs/start` 2. */
  solidStartV2: "FOYER_E2E_SOLID_START_V2_PORT",
  /** e2e/fixtures/solid-start-server.ts: the same app after its imports changed to Foyer's. */
  solidStartMigrated: "FOYER_E2E_SOLID_START_MIGRATED_PORT",
  /** e2e/fixtures/sveltekit-server.ts: the SvelteKit app on Foyer, SvelteKit 2 (e2e/sveltekit.spec.ts). */
  sveltekit: "FOYER_E2E_SVELTEKIT_PORT",
  /** e2e/fixtures/sveltekit-server.ts: the same build with a custom basePath in its config. */
  sveltekitCustom: "FOYER_E2E_SVELTEKIT_CUSTOM_PORT",
  /** e2e/fixtures/sveltekit-server.ts: the app on Foyer, SvelteKit 3, custom basePath. */
  sveltekit3: "FOYER_E2E_SVELTEKIT3_PORT",
  /** e2e/fixtures/sveltekit-server.ts: the app on Foyer, SvelteKit 3, built with paths.base "/app". */
  sveltekitBase: "FOYER_E2E_SVELTEKIT_BASE_PORT",
  /** e2e/fixtures/sveltekit-server.ts: the app as written, on @auth/sveltekit (SvelteKit 2). */
  sveltekitAuthjs: "FOYER_E2E_SVELTEKIT_AUTHJS_PORT",
} as const;

export type PortName = keyof typeof PORT_VARIABLES;

/**
 * Asks the system for `count` distinct free ports on 127.0.0.1 (where every server binds). Done in a
 * child process because the config is evaluated synchronously; the ports are released again at once,
 * so another program could take one in between, which a run on a shared machine has to live with.
 */
function freePorts(count: number): number[] {
  const script = `
    const net = require("node:net");
    const servers = Array.from({ length: ${count} }, () => net.createServer());
    Promise.all(servers.map((server) => new Promise((resolve, reject) => {
      server.once("error", reject);
      server.listen(0, "127.0.0.1", () => resolve(server.address().port));
    }))).then((ports) => {
      process.stdout.write(JSON.stringify(ports));
      for (const server of servers) server.close();
    });
  `;
  const ports = JSON.parse(execFileSync(process.execPath, ["-e", script], { encoding: "utf8", timeout: 10_000 })) as number[];
  if (ports.length !== count || new Set(ports).size !== count) throw new Error(`expected ${count} distinct free ports, got ${JSON.stringify(ports)}`);
  return ports;
}

function parsePort(variable: string, value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port < 1 || port > 65535) throw new Error(`${variable} must be a port number from 1 to 65535; got ${JSON.stringify(value)}.`);
  return port;
}

function resolvePorts(): Readonly<Record<PortName, number>> {
  const names = Object.keys(PORT_VARIABLES) as PortName[];
  const unset = names.filter((name) => !process.env[PORT_VARIABLES[name]]);
  const picked = unset.length ? freePorts(unset.length) : [];
  const ports = {} as Record<PortName, number>;
  for (const name of names) {
    const variable = PORT_VARIABLES[name];
    const set = process.env[variable];
    ports[name] = set ? parsePort(variable, set) : picked[unset.indexOf(name)]!;
    // Written back so the workers and web servers, started later from this environment, agree.
    process.env[variable] = String(ports[name]);
  }
  const taken = new Map<number, PortName>();
  for (const name of names) {
    const other = taken.get(ports[name]);
    if (other) throw new Error(`${PORT_VARIABLES[name]} and ${PORT_VARIABLES[other]} are both ${ports[name]}; every server needs its own port.`);
    taken.set(ports[name], name);
  }
  return Object.freeze(ports);
}

export const PORTS = resolvePorts();

/** The demo with database sessions, as the browser opens it (WebAuthn needs `localhost`, never 127.0.0.1). */
export const DEMO_ORIGIN = `http://localhost:${PORTS.demo}`;
/** The demo with jwt sessions. */
export const DEMO_JWT_ORIGIN = `http://localhost:${PORTS.demoJwt}`;
/** e2e/fixtures/pages-server.ts. */
export const PAGES_ORIGIN = `http://localhost:${PORTS.pages}`;
/** The OpenID Provider's issuer (it binds 127.0.0.1 and names itself so). */
export const IDP_ORIGIN = `http://127.0.0.1:${PORTS.idp}`;
/** The Next.js test app with jwt sessions. */
export const NEXT_ORIGIN = `http://localhost:${PORTS.next}`;
/** The Next.js test app with database sessions. */
export const NEXT_DATABASE_ORIGIN = `http://localhost:${PORTS.nextDatabase}`;
/** The Express 5 app (e2e/fixtures/express-server.ts). */
export const EXPRESS_ORIGIN = `http://localhost:${PORTS.express}`;
/** The Express 4 app. */
export const EXPRESS4_ORIGIN = `http://localhost:${PORTS.express4}`;
/** The Express 4 app's code on `@auth/express`. */
export const EXPRESS_AUTHJS_ORIGIN = `http://localhost:${PORTS.expressAuthjs}`;
/** The SvelteKit app on Foyer (SvelteKit 2). */
export const SVELTEKIT_ORIGIN = `http://localhost:${PORTS.sveltekit}`;
/** The same build with basePath "/custom-auth". */
export const SVELTEKIT_CUSTOM_ORIGIN = `http://localhost:${PORTS.sveltekitCustom}`;
/** The SvelteKit 3 app on Foyer, basePath "/custom-auth". */
export const SVELTEKIT3_ORIGIN = `http://localhost:${PORTS.sveltekit3}`;
/** The SvelteKit 3 app on Foyer built with paths.base "/app" (its pages are under /app). */
export const SVELTEKIT_BASE_ORIGIN = `http://localhost:${PORTS.sveltekitBase}`;
/** The SvelteKit app as written, on @auth/sveltekit. */
export const SVELTEKIT_AUTHJS_ORIGIN = `http://localhost:${PORTS.sveltekitAuthjs}`;
/** The SMTP capture's HTTP API. */
export const MAIL_API_ORIGIN = `http://127.0.0.1:${PORTS.mailApi}`;
/** The Qwik City app on `foyer-auth/qwik`. */
export const QWIK_ORIGIN = `http://localhost:${PORTS.qwik}`;
/** The same Qwik City app on `@auth/qwik`. */
export const QWIK_AUTHJS_ORIGIN = `http://localhost:${PORTS.qwikAuthjs}`;
/** The SolidStart app on `foyer-auth/solid-start`. */
export const SOLID_START_ORIGIN = `http://localhost:${PORTS.solidStart}`;
/** The same app on `@solidjs/start` 2. */
export const SOLID_START_V2_ORIGIN = `http://localhost:${PORTS.solidStartV2}`;
/** The `solid-start` 0.2 app on `@auth/solid-start`. */
export const SOLID_START_AUTHJS_ORIGIN = `http://localhost:${PORTS.solidStartAuthjs}`;
/** The same app migrated to `foyer-auth/solid-start`. */
export const SOLID_START_MIGRATED_ORIGIN = `http://localhost:${PORTS.solidStartMigrated}`;
