/**
 * Loading a package that only some users install. Drivers and transports (`pg`, `libsql`,
 * `nodemailer`) are optional peer dependencies of foyer-auth: an app installs the one it uses. The
 * adapter or provider that needs one loads it when it is constructed, so a missing package fails at
 * start-up with a message that names it — not with a bare "Cannot find module" from deep inside an
 * import, and not for users who never construct that adapter.
 */
import type * as NodeModule from "node:module";

/** This module's URL, read once (see {@link requirers}). */
const MODULE_URL = import.meta.url;

/**
 * Node's own `require`, from this module and from the working directory. Taken from
 * `process.getBuiltinModule` at run time, never through an import a bundler could see: Next.js's
 * bundler replaces a `require(variable)` it cannot follow with one that always fails, and moves this
 * module away from `node_modules` — the working directory (the app's root) still finds the package.
 */
function requirers(): NodeJS.Require[] {
  const { createRequire } = process.getBuiltinModule("node:module") as unknown as typeof NodeModule;
  const list: NodeJS.Require[] = [];
  try {
    list.push(createRequire(MODULE_URL));
  } catch {
    // not a file URL (a bundler's chunk): only the working directory is left
  }
  list.push(createRequire(`${process.cwd()}/package.json`));
  return list;
}

function load(packageName: string): unknown {
  let firstError: unknown;
  for (const require of requirers()) {
    try {
      return require(packageName);
    } catch (error) {
      firstError ??= error;
      if ((error as { code?: string }).code !== "MODULE_NOT_FOUND" || !String((error as Error).message).includes(`'${packageName}'`)) throw error;
    }
  }
  throw firstError;
}

/** Thrown when an optional peer dependency that a feature needs is not installed. */
export class MissingDependencyError extends Error {
  override name = "MissingDependencyError";
  constructor(
    /** The npm package to install. */
    readonly packageName: string,
    feature: string,
    cause: unknown,
  ) {
    super(`${feature} needs the "${packageName}" package, which is not installed. Install it: npm install ${packageName}`, { cause });
  }
}

/** The CommonJS package `packageName`, or a {@link MissingDependencyError} naming it for `feature`. */
export function requireOptional<T>(packageName: string, feature: string): T {
  try {
    return load(packageName) as T;
  } catch (error) {
    const code = (error as { code?: string }).code;
    // Only the package itself missing: a broken install of it (or of its own dependencies) keeps its error.
    if (code === "MODULE_NOT_FOUND" && String((error as Error).message).includes(`'${packageName}'`)) {
      throw new MissingDependencyError(packageName, feature, error);
    }
    throw error;
  }
}
