import type { ServerLoadEvent } from "@sveltejs/kit";

/** The session, read on the server for every page. */
export const load = async (event: ServerLoadEvent) => ({ session: await event.locals.auth() });
