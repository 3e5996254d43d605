/**
 * `foyer-auth/elements/react-jsx`: the elements as typed JSX for React 19 (types only; no code). React
 * 19 passes props of a custom element on as attributes or properties, and a function prop named
 * `on<event-name>` becomes an event listener for that exact event name — so the elements' events reach
 * React as `onauth-signin-success={(event) => …}`, with `event.detail` typed.
 *
 * ```tsx
 * import type {} from "foyer-auth/elements/react-jsx"; // once, anywhere in the app
 *
 * <auth-signin base-path="/api/auth" callback-url="/dashboard" onauth-signin-success={(event) => router.push(event.detail.url)} />
 * ```
 *
 * @module foyer-auth/elements/react-jsx
 */
import type { DetailedHTMLProps, HTMLAttributes } from "react";
import type {
  AuthPasskeyButton,
  AuthPasskeyRegister,
  AuthPasskeys,
  AuthProviderButton,
  AuthSession,
  AuthSignin,
  AuthSignout,
  AuthUser,
  AuthPasskeyRegisteredEvent,
  AuthPasskeyRemovedEvent,
  AuthSessionChangeEvent,
  AuthSigninErrorEvent,
  AuthSigninStartEvent,
  AuthSigninSuccessEvent,
  AuthSignoutEvent,
} from "./index.js";

/** What every element takes: React's HTML attributes (with `ref` to the element's class) and `base-path`. */
type ElementProps<Element extends HTMLElement> = DetailedHTMLProps<HTMLAttributes<Element>, Element> & {
  /** Where Foyer is mounted on this origin; `/api/auth` in a Next.js app. Default `/auth`. */
  "base-path"?: string;
  /** The spec's `Theme`, as JSON. */
  theme?: string;
  /** The light-DOM `class` attribute, as custom elements take it (React passes `className` as `class` too). */
  class?: string;
};

/** The sign-in events of `<auth-signin>`, `<auth-provider-button>` and `<auth-passkey-button>`. */
interface SigninEvents {
  "onauth-signin-start"?: (event: AuthSigninStartEvent) => void;
  "onauth-signin-success"?: (event: AuthSigninSuccessEvent) => void;
  "onauth-signin-error"?: (event: AuthSigninErrorEvent) => void;
}

/** `<auth-signin>` (docs/elements.md#auth-signin). */
export type AuthSigninProps = ElementProps<AuthSignin> &
  SigninEvents & {
    "callback-url"?: string;
    providers?: string;
    redirect?: boolean;
  };

/** `<auth-provider-button>`. */
export type AuthProviderButtonProps = ElementProps<AuthProviderButton> & SigninEvents & { provider?: string; "callback-url"?: string; name?: string };

/** `<auth-passkey-button>`. */
export type AuthPasskeyButtonProps = ElementProps<AuthPasskeyButton> &
  SigninEvents & { provider?: string; "callback-url"?: string; redirect?: boolean; conditional?: boolean };

/** `<auth-passkey-register>`. */
export type AuthPasskeyRegisterProps = ElementProps<AuthPasskeyRegister> & {
  provider?: string;
  "callback-url"?: string;
  redirect?: boolean;
  input?: string;
  "onauth-passkey-registered"?: (event: AuthPasskeyRegisteredEvent) => void;
};

/** `<auth-passkeys>`. */
export type AuthPasskeysProps = ElementProps<AuthPasskeys> & { "onauth-passkey-removed"?: (event: AuthPasskeyRemovedEvent) => void };

/** `<auth-session>`: slots `signed-in`, `signed-out`, `loading`. */
export type AuthSessionProps = ElementProps<AuthSession> & { "onauth-session-change"?: (event: AuthSessionChangeEvent) => void };

/** `<auth-signout>`. */
export type AuthSignoutProps = ElementProps<AuthSignout> & {
  "callback-url"?: string;
  confirm?: boolean;
  redirect?: boolean;
  "onauth-signout"?: (event: AuthSignoutEvent) => void;
};

/** `<auth-user>`. */
export type AuthUserProps = ElementProps<AuthUser>;

declare module "react" {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      "auth-signin": AuthSigninProps;
      "auth-provider-button": AuthProviderButtonProps;
      "auth-passkey-button": AuthPasskeyButtonProps;
      "auth-passkey-register": AuthPasskeyRegisterProps;
      "auth-passkeys": AuthPasskeysProps;
      "auth-session": AuthSessionProps;
      "auth-signout": AuthSignoutProps;
      "auth-user": AuthUserProps;
    }
  }
}
