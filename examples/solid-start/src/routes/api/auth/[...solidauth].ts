// Foyer's routes and built-in pages under /api/auth.
import { SolidAuth } from "foyer-auth/solid-start";
import { authOptions } from "~/auth";

export const { GET, POST } = SolidAuth(authOptions);
