// `foyer-auth/sveltekit/components`: `<SignIn>` and `<SignOut>`, shipped as Svelte sources and compiled by the app's own Svelte.
export { default as SignIn } from "./SignIn.svelte";
export { default as SignOut } from "./SignOut.svelte";
