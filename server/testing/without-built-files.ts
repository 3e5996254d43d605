/**
 * For tests of a server whose browser bundles were never built: the server reads dist/browser/ once
 * per process, through `process.getBuiltinModule("node:fs")` (server/pages/assets.ts), so the tests
 * hide the files there and import a fresh copy of the server. Test-only; not built.
 */
import { vi } from "vitest";

/**
 * Makes `readFileSync` from `node:fs`, as `process.getBuiltinModule` hands it out, fail with ENOENT,
 * and resets the module registry: the server imported after this finds no built file. Undo with
 * `vi.restoreAllMocks()` and `vi.resetModules()` after each test.
 */
export function hideBuiltFiles(): void {
  const getBuiltinModule = process.getBuiltinModule.bind(process);
  const missing = () => {
    throw Object.assign(new Error("ENOENT: no such file or directory"), { code: "ENOENT" });
  };
  vi.spyOn(process, "getBuiltinModule").mockImplementation(((id: string) =>
    id === "node:fs" || id === "fs"
      ? { ...(getBuiltinModule("node:fs") as object), readFileSync: missing }
      : getBuiltinModule(id)) as typeof process.getBuiltinModule);
  vi.resetModules();
}
