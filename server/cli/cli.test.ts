/** The `foyer-auth secret` command: printing, writing to an env file, never overwriting. */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runCli } from "./run.js";

function run(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = runCli(args, { out: (line) => void out.push(line), err: (line) => void err.push(line) });
  return { code, out: out.join("\n"), err: err.join("\n") };
}

let dir: string;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});
const temp = () => (dir = mkdtempSync(join(tmpdir(), "foyer-cli-")));

describe("foyer-auth secret", () => {
  it("prints 32 random bytes in base64, different each time", () => {
    const first = run(["secret"]);
    const second = run(["secret"]);
    expect(first.code).toBe(0);
    expect(first.out).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(first.out, "base64")).toHaveLength(32);
    expect(second.out).not.toBe(first.out);
  });

  it("--env-file creates the file (readable by its owner only) with AUTH_SECRET", () => {
    const file = join(temp(), ".env.local");
    const result = run(["secret", "--env-file", file]);
    expect(result.code).toBe(0);
    expect(result.out).toContain("Created");
    expect(readFileSync(file, "utf8")).toMatch(/^AUTH_SECRET="[A-Za-z0-9+/]{43}=" # Added by `npx foyer-auth secret`\n$/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it.each([["-f"], ["--file"]])("%s <path> creates the file too (the spelling Node.js never intercepts)", (option) => {
    const file = join(temp(), ".env");
    expect(run(["secret", option, file]).code).toBe(0);
    expect(readFileSync(file, "utf8")).toMatch(/^AUTH_SECRET="/);
  });

  it("--env-file=… appends to an existing file, keeping what is there (even without a final newline)", () => {
    const file = join(temp(), ".env");
    writeFileSync(file, "DATABASE_URL=postgres://x");
    expect(run(["secret", `--env-file=${file}`]).code).toBe(0);
    const lines = readFileSync(file, "utf8").split("\n");
    expect(lines[0]).toBe("DATABASE_URL=postgres://x");
    expect(lines[1]).toMatch(/^AUTH_SECRET="/);
  });

  it.each(['AUTH_SECRET="kept"\n', "export AUTH_SECRET=kept\n", "NEXTAUTH_SECRET=kept\n"])("never overwrites an existing secret (%j)", (content) => {
    const file = join(temp(), ".env.local");
    writeFileSync(file, content);
    const result = run(["secret", "--env-file", file]);
    expect(result.code).toBe(1);
    expect(result.err).toContain("left unchanged");
    expect(readFileSync(file, "utf8")).toBe(content);
  });

  it("an empty AUTH_SECRET= line is filled in below it rather than counted as a secret", () => {
    const file = join(temp(), ".env");
    writeFileSync(file, "AUTH_SECRET=\n");
    expect(run(["secret", "--env-file", file]).code).toBe(0);
    expect(readFileSync(file, "utf8")).toMatch(/^AUTH_SECRET=\nAUTH_SECRET="/);
  });

  it("unknown commands and options, and --env-file without a path, print the usage and fail", () => {
    for (const args of [[], ["sekret"], ["secret", "--force"], ["secret", "--env-file"], ["secret", "-f"]]) {
      const result = run(args);
      expect(result.code).toBe(1);
      expect(result.err).toContain("Usage: foyer-auth secret");
    }
    expect(run(["--help"])).toMatchObject({ code: 0, out: expect.stringContaining("Usage") });
  });
});
