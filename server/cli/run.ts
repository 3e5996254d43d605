/** Argument handling of the `foyer-auth` command, apart from the process so that tests can call it. */
import { generateSecret, writeSecretToEnvFile } from "./secret.js";

export interface CliOutput {
  out(line: string): void;
  err(line: string): void;
}

const USAGE = [
  "Usage: foyer-auth secret [-f <path> | --env-file <path>]",
  "",
  "  secret                        Print a fresh 32-byte secret for AUTH_SECRET.",
  "  secret -f <path>              Add AUTH_SECRET to that file (created if missing); an existing",
  "                                AUTH_SECRET or NEXTAUTH_SECRET is never overwritten.",
  "  secret --env-file <path>      The same, for a file that exists: Node.js itself stops with",
  '                                "<path>: not found" when a --env-file argument names a missing file.',
].join("\n");

/** The options that name the env file to write. */
const FILE_OPTIONS = new Set(["-f", "--file", "--env-file"]);

/** Runs the command for `args` (without `node` and the script); returns the exit code. */
export function runCli(args: readonly string[], output: CliOutput): number {
  const [command, ...rest] = args;
  if (command === "--help" || command === "-h" || command === "help") {
    output.out(USAGE);
    return 0;
  }
  if (command !== "secret") {
    output.err(command === undefined ? USAGE : `Unknown command "${command}".\n\n${USAGE}`);
    return 1;
  }
  let envFile: string | undefined;
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    const inline = /^(--file|--env-file)=(.*)$/.exec(arg);
    if (FILE_OPTIONS.has(arg)) envFile = rest[++i];
    else if (inline) envFile = inline[2];
    else {
      output.err(`Unknown option "${arg}".\n\n${USAGE}`);
      return 1;
    }
    if (!envFile) {
      output.err(`${arg.split("=")[0]} needs a path.\n\n${USAGE}`);
      return 1;
    }
  }
  const secret = generateSecret();
  if (!envFile) {
    output.out(secret);
    return 0;
  }
  const result = writeSecretToEnvFile(envFile, secret);
  if (!result.written) {
    output.err(`${envFile} already sets AUTH_SECRET (or NEXTAUTH_SECRET); left unchanged. Changing it signs everyone out.`);
    return 1;
  }
  output.out(`${result.created ? "Created" : "Updated"} ${envFile} with a new AUTH_SECRET.`);
  return 0;
}
