import { redirect, type ServerLoadEvent } from "@sveltejs/kit";

/** For signed-in users only. */
export const load = async (event: ServerLoadEvent) => {
  const session = await event.locals.auth();
  if (!session?.user) redirect(303, `/auth/signin?callbackUrl=${encodeURIComponent("/dashboard")}`);
  return { user: session.user };
};
