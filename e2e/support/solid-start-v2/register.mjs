// `node --import ./register.mjs`: installs ./globsync-hook.mjs (see there why).
import { register } from "node:module";

register("./globsync-hook.mjs", import.meta.url);
