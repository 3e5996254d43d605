// The SvelteKit virtual modules the entry point reads. SvelteKit generates their real types inside
// each app; these are the few members Foyer uses, for type-checking the package itself.
declare module "$env/dynamic/private" {
  export const env: Record<string, string | undefined>;
}
declare module "$app/environment" {
  export const dev: boolean;
  export const building: boolean;
}
