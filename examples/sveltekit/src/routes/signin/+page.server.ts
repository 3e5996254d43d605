import { signIn } from "../../auth";

export const actions = { default: signIn };
