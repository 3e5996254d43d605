/**
 * An app written for next-auth/react type-checks unchanged against foyer-auth/react: the client
 * component in ui/react/fixtures/next-auth-app/app.tsx (every export, used as next-auth documents
 * them, plus its `Session` augmentation) is compiled by `tsc` as written against next-auth/react,
 * then with its imports resolved to Foyer (tsconfig.foyer.json).
 */
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const TSC = fileURLToPath(new URL("../../node_modules/typescript/bin/tsc", import.meta.url));
const FIXTURE = "ui/react/fixtures/next-auth-app";

/** `tsc -p project --listFiles`: exit code, diagnostics, and the files it read. */
async function typeCheck(project: string): Promise<{ code: number; errors: string[]; files: string[] }> {
  let stdout: string;
  let code = 0;
  try {
    ({ stdout } = await run(process.execPath, [TSC, "-p", project, "--pretty", "false", "--listFiles"], { cwd: ROOT, timeout: 60_000 }));
  } catch (error) {
    const failure = error as { code?: unknown; stdout?: string };
    if (typeof failure.code !== "number") throw error;
    code = failure.code;
    stdout = failure.stdout ?? "";
  }
  const lines = stdout.trim().split("\n");
  return { code, errors: lines.filter((line) => /error TS\d+/.test(line)), files: lines.filter((line) => !/error TS\d+/.test(line)) };
}

describe.concurrent("a next-auth/react client component", () => {
  it("type-checks against next-auth/react itself (the fixture is a real next-auth app)", { timeout: 70_000 }, async () => {
    const { code, errors, files } = await typeCheck(`${FIXTURE}/tsconfig.json`);
    expect(errors).toEqual([]);
    expect(code).toBe(0);
    expect(files.some((file) => file.endsWith("node_modules/next-auth/react.d.ts"))).toBe(true);
  });

  it("type-checks unchanged against foyer-auth/react", { timeout: 70_000 }, async () => {
    const { code, errors, files } = await typeCheck(`${FIXTURE}/tsconfig.foyer.json`);
    expect(errors).toEqual([]);
    expect(code).toBe(0);
    expect(files.some((file) => file.endsWith("/ui/react/index.ts"))).toBe(true);
    expect(files.some((file) => file.includes("node_modules/next-auth/"))).toBe(false);
  });
});
