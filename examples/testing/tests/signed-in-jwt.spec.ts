/** Starting signed in with jwt sessions (the tests are in signed-in.ts). */
import { test } from "./fixtures.js";
import { signedInTests } from "./signed-in.js";

test.use({ strategy: "jwt" });
signedInTests("jwt");
