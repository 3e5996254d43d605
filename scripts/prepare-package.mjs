#!/usr/bin/env node
/**
 * npm's `prepare` step: builds dist/ when it is missing. npm runs `prepare` when it installs the
 * package from a git URL (after installing its devDependencies), which is what makes
 * `npm install git+https://…` give a working package before a release is on the registry. In a clone
 * of the repository it runs on `npm install` / `npm ci` too; there a build that already exists is kept
 * (`npm run build` rebuilds on purpose, and `npm test` does so).
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

if (!existsSync(new URL("../dist/server/index.js", import.meta.url))) {
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit", cwd: new URL("..", import.meta.url) });
  process.exit(result.status ?? 1);
}
