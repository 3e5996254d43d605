/**
 * `foyer-auth/providers/discord`: "Sign in with Discord" (OAuth 2). Discord's documented endpoints:
 * authorize at `discord.com/oauth2/authorize`, token at `discord.com/api/oauth2/token`, and the user
 * at `GET discord.com/api/users/@me` (`scope=identify email`). The avatar URL is built as Discord's
 * image-formatting reference describes (animated `a_` hashes as GIF; default avatars otherwise).
 *
 * ```ts
 * import Discord from "foyer-auth/providers/discord";
 * Discord(); // AUTH_DISCORD_ID, AUTH_DISCORD_SECRET
 * ```
 */
import type { OAuthConfig } from "./oauth.js";

/** Discord's User object (`GET /users/@me`). */
export interface DiscordProfile {
  id: string;
  username: string;
  /** "0" for users on the new username system. */
  discriminator: string;
  global_name: string | null;
  avatar: string | null;
  bot?: boolean;
  system?: boolean;
  mfa_enabled?: boolean;
  banner?: string | null;
  accent_color?: number | null;
  locale?: string;
  /** Whether the e-mail address is verified (scope `email`). */
  verified?: boolean;
  /** Scope `email`. */
  email?: string | null;
  flags?: number;
  premium_type?: number;
  public_flags?: number;
  [key: string]: unknown;
}

const CDN = "https://cdn.discordapp.com";

/** The user's avatar, or the default avatar Discord shows for them. */
export function discordAvatarUrl(profile: Pick<DiscordProfile, "id" | "avatar" | "discriminator">): string {
  if (profile.avatar) return `${CDN}/avatars/${profile.id}/${profile.avatar}.${profile.avatar.startsWith("a_") ? "gif" : "png"}`;
  const index = profile.discriminator === "0" || !profile.discriminator ? Number((BigInt(profile.id) >> 22n) % 6n) : Number(profile.discriminator) % 5;
  return `${CDN}/embed/avatars/${index}.png`;
}

/**
 * Sign in with Discord (OAuth 2).
 * Options: `clientId` and `clientSecret` (default `AUTH_DISCORD_ID`, `AUTH_DISCORD_SECRET`).
 * Callback URL to register: `{AUTH_URL or origin}/auth/callback/discord` (default basePath `/auth`).
 * Default scopes: `identify email`; the image is the user's avatar or Discord's default avatar.
 * @example
 * ```ts
 * import Discord from "foyer-auth/providers/discord";
 * const config = { providers: [Discord({ clientId: process.env.AUTH_DISCORD_ID, clientSecret: process.env.AUTH_DISCORD_SECRET })] };
 * ```
 */
export default function Discord(options: Partial<OAuthConfig<DiscordProfile>> = {}): OAuthConfig<DiscordProfile> {
  return {
    id: "discord",
    name: "Discord",
    type: "oauth",
    authorization: { url: "https://discord.com/oauth2/authorize", params: { scope: "identify email" } },
    token: { url: "https://discord.com/api/oauth2/token" },
    userinfo: { url: "https://discord.com/api/users/@me" },
    client: { token_endpoint_auth_method: "client_secret_basic" },
    profile(profile) {
      return { id: profile.id, name: profile.global_name ?? profile.username, email: profile.email ?? null, image: discordAvatarUrl(profile) };
    },
    style: { brandColor: "#5865F2" },
    options,
  };
}
