#!/usr/bin/env node
/**
 * Compiles server/pages/styles.css into a TypeScript string module (the pages' CSS is
 * authored as a .css file). Comments go, whitespace folds; nothing else changes. The output is committed and a test
 * checks it is current, so running the code never depends on this script having run.
 *
 * Usage: node scripts/compile-css.mjs [--check]
 */
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const source = fileURLToPath(new URL("../server/pages/styles.css", import.meta.url));
const target = fileURLToPath(new URL("../server/pages/styles.generated.ts", import.meta.url));

export function minifyCss(css) {
  return css
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/\s+/g, " ")
    .replace(/\s*([{}:;,>+])\s*/g, "$1")
    .replace(/;}/g, "}")
    .trim();
}

export function compiled(css) {
  return `// Generated from styles.css by scripts/compile-css.mjs. Do not edit; edit styles.css and run \`npm run css\`.\nexport const PAGE_CSS = ${JSON.stringify(minifyCss(css))};\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const output = compiled(readFileSync(source, "utf8"));
  if (process.argv.includes("--check")) {
    if (readFileSync(target, "utf8") !== output) {
      console.error("server/pages/styles.generated.ts is out of date: run `npm run css`");
      process.exit(1);
    }
  } else {
    writeFileSync(target, output);
  }
}
