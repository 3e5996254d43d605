/**
 * Loading a package that only some users install. Drivers and transports (`pg`, `libsql`,
 * `nodemailer`) are optional peer dependencies of foyer-auth: an app installs the one it uses. The
 * adapter or provider that needs one loads it when it is constructed, so a missing package fails at
 * start-up with a message that names it — not with a bare "Cannot find module" from deep inside an
 * import, and not for users who never construct that adapter.
 */
import { createRequire } from "node:module";

const load = createRequire(import.meta.url);

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
