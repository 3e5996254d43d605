/**
 * Global set-up of the "dist" test project (vite.config.ts): its tests read what `npm run build`
 * writes, so without dist/ they would all fail one by one with unrelated-looking errors. Stops the
 * project at once instead, saying what to run. `npm test` builds before it runs Vitest.
 */
import { existsSync } from "node:fs";

const REQUIRED = ["dist/server/index.js", "dist/browser/foyer-elements.js", "dist/browser/foyer-passkey.js"];

export default function requireBuiltDist() {
  const missing = REQUIRED.filter((file) => !existsSync(new URL(`../${file}`, import.meta.url)));
  if (missing.length) {
    throw new Error(
      `The "dist" test project needs the built package (${missing.join(", ")} missing): run \`npm run build\` first (\`npm test\` does this for you).`,
    );
  }
}
