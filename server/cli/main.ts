#!/usr/bin/env node
/**
 * The `foyer-auth` command (package.json `bin`). One command for now:
 *
 *   npx foyer-auth secret                          print a fresh secret for AUTH_SECRET
 *   npx foyer-auth secret -f .env.local            add AUTH_SECRET to that file (never overwrites one)
 *   npx foyer-auth secret --env-file .env.local    the same for an existing file (Node.js stops on a
 *                                                  missing file named by any --env-file argument)
 */
import { runCli } from "./run.js";

process.exitCode = runCli(process.argv.slice(2), { out: (line) => console.log(line), err: (line) => console.error(line) });
