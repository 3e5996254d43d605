/**
 * A module hook for building an `@solidjs/start` 2 app on Node.js 20 (test builds only): its Vite
 * plugin imports `globSync` from `node:fs`, which Node.js 22 added, to find `src/app.tsx` — the only
 * use of it, and the only reason 2.0 does not build on Node.js 20. This gives that one module a
 * `globSync` made of fast-glob (a dependency of `@solidjs/start` itself). The built app runs on
 * Node.js 20 unchanged. Registered by ./register.mjs.
 */
const IMPORT = 'import { globSync } from "node:fs";';

export async function load(url, context, nextLoad) {
  const result = await nextLoad(url, context);
  if (!url.includes("/@solidjs/start/dist/config/index.js")) return result;
  const source = String(result.source);
  if (!source.includes(IMPORT)) return result;
  return { ...result, source: source.replace(IMPORT, 'import fastGlob from "fast-glob"; const globSync = (pattern) => fastGlob.sync(pattern);') };
}
