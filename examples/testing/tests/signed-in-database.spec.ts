/** Starting signed in with database sessions (the tests are in signed-in.ts). */
import { test } from "./fixtures.js";
import { signedInTests } from "./signed-in.js";

test.use({ strategy: "database" });
signedInTests("database");
