/**
 * A TypeScript child process for tests that must watch a process live or die (crash safety, fault
 * injection): started directly under node with tsx as a loader (the tsx CLI would leave a grandchild
 * alive on SIGKILL, and would hide an uncaught error's exit behind its own). Lines on stdout are the
 * protocol; stderr is kept for the failure message. Test-only; not built.
 */
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

export interface ChildExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
}

export interface TestChild {
  /**
   * Resolves with the first whole line that is `line` (or starts with it, with `{ prefix: true }`)
   * once the child has printed it; rejects if the child exits first.
   */
  waitFor(line: string, options?: { prefix?: boolean }): Promise<string>;
  /** Every whole line printed so far. */
  lines(): string[];
  /** Writes `line` and a newline to the child's stdin. */
  send(line: string): void;
  /** Whether the child is still running. */
  alive(): boolean;
  kill(): void;
  exited: Promise<ChildExit>;
}

export function startChild(script: string, args: string[]): TestChild {
  const proc = spawn(process.execPath, ["--import", "tsx", script, ...args], { cwd: ROOT, stdio: ["pipe", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  const waiters: { match: (line: string) => boolean; line: string; resolve: (line: string) => void; reject: (error: Error) => void }[] = [];
  const lines = () => stdout.split("\n").slice(0, -1);
  const settle = () => {
    for (const waiter of waiters.splice(0)) {
      const found = lines().find(waiter.match);
      if (found !== undefined) waiter.resolve(found);
      else if (exit) waiter.reject(new Error(`child exited (${exit.code ?? exit.signal}) before printing ${waiter.line}:\n${stderr}`));
      else waiters.push(waiter);
    }
  };
  proc.stdin.on("error", () => {}); // a dead child's stdin
  proc.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    stdout += chunk;
    settle();
  });
  proc.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const exited = new Promise<ChildExit>((resolve) =>
    proc.once("exit", (code, signal) => {
      exit = { code, signal };
      settle();
      resolve({ code, signal, stderr });
    }),
  );
  return {
    waitFor: (line, options) =>
      new Promise((resolve, reject) => {
        const match = options?.prefix ? (printed: string) => printed.startsWith(line) : (printed: string) => printed === line;
        waiters.push({ match, line, resolve, reject });
        settle();
      }),
    lines,
    send: (line) => {
      proc.stdin.write(`${line}\n`);
    },
    alive: () => exit === undefined,
    kill: () => {
      if (exit === undefined) proc.kill("SIGKILL");
    },
    exited,
  };
}
