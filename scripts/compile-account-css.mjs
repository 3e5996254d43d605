#!/usr/bin/env node
/**
 * Compiles server/pages/account.css (the account page's CSS, added to the pages' stylesheet) into
 * server/pages/account-styles.generated.ts, as scripts/compile-css.mjs does for styles.css.
 *
 * Usage: node scripts/compile-account-css.mjs [--check]
 */
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { minifyCss } from "./compile-css.mjs";

const source = fileURLToPath(new URL("../server/pages/account.css", import.meta.url));
const target = fileURLToPath(new URL("../server/pages/account-styles.generated.ts", import.meta.url));
const output = `// Generated from account.css by scripts/compile-account-css.mjs. Do not edit; edit account.css and run it.\nexport const ACCOUNT_CSS = ${JSON.stringify(minifyCss(readFileSync(source, "utf8")))};\n`;

if (process.argv.includes("--check")) {
  if (readFileSync(target, "utf8") !== output) {
    console.error("server/pages/account-styles.generated.ts is out of date: run `node scripts/compile-account-css.mjs`");
    process.exit(1);
  }
} else {
  writeFileSync(target, output);
}
