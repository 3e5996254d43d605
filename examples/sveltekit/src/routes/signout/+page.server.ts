import { signOut } from "../../auth";

export const actions = { default: signOut };
