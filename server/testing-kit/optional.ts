/**
 * The testing kit's optional peers (`oidc-provider`, `smtp-server`, `mailparser`, `@playwright/test`)
 * are loaded when a helper that needs one is first called, never when `foyer-auth/testing` is
 * imported: an app that only uses `createTestSession` installs none of them. A missing one fails with
 * a `MissingDependencyError` that names the package to install, not a bare "Cannot find package".
 */
import { MissingDependencyError } from "../core/optional-dependency.js";

export { MissingDependencyError };

/** Whether `error` says that `packageName` itself (not one of its own imports) could not be found. */
export function isMissingPackage(error: unknown, packageName: string): boolean {
  const code = (error as { code?: string } | undefined)?.code;
  return (code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND") && String((error as Error).message).includes(`'${packageName}'`);
}

/**
 * Awaits `loading` (a dynamic import of the package with its name written out, so that bundlers and the package checks
 * see the name) and turns "not installed" into a {@link MissingDependencyError} for `feature`.
 */
export async function importOptional<T>(packageName: string, feature: string, loading: () => Promise<T>): Promise<T> {
  try {
    return await loading();
  } catch (error) {
    if (isMissingPackage(error, packageName)) throw new MissingDependencyError(packageName, feature, error);
    throw error;
  }
}

/** Refuses to run in production unless the caller said so: test helpers mint sessions and read mail. */
export function refuseProduction(helper: string, allowProduction: boolean | undefined): void {
  if (process.env.NODE_ENV === "production" && !allowProduction) {
    throw new TestingInProductionError(helper);
  }
}

/** Thrown by a testing helper called while `NODE_ENV` is `production` without `allowProduction: true`. */
export class TestingInProductionError extends Error {
  override name = "TestingInProductionError";
  constructor(helper: string) {
    super(
      `${helper} is a test helper and refuses to run while NODE_ENV is "production": it signs users in without a password. ` +
        `Pass { allowProduction: true } if this really is a test run against a production build.`,
    );
  }
}
