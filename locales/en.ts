/** English: the fallback of every lookup. Auth.js's texts where it has them. */
import type { Messages } from "./types.js";

const en: Messages = {
  "language.name": "English",

  "signin.title": "Sign In",
  "signin.heading": "Sign in",
  "signin.withProvider": (provider) => `Sign in with ${provider}`,
  "signin.loading": "Signing in…",
  "signin.email.label": "Email",
  "signin.email.placeholder": "email@example.com",
  "signin.or": "or",
  "signin.passkey.heading": "Passkey",
  "signin.passkey.button": "Sign in with a passkey",
  "signin.passkey.register": "Create a passkey",
  "signin.passkey.unsupported": "This browser cannot use passkeys.",

  "signout.title": "Sign Out",
  "signout.heading": "Sign out",
  "signout.confirm": "Are you sure you want to sign out?",
  "signout.button": "Sign out",
  "signout.cancel": "Cancel",
  "signout.loading": "Signing out…",

  "error.title": "Error",
  "error.signinLink": "Sign in",
  "error.requestNewLink": "Request a new link",
  "errorPage.default.heading": "Error",
  "errorPage.Configuration.heading": "Server error",
  "errorPage.Configuration.message": ["There is a problem with the server configuration.", "Check the server logs for more information."],
  "errorPage.AccessDenied.heading": "Access Denied",
  "errorPage.AccessDenied.message": ["You do not have permission to sign in."],
  "errorPage.Verification.heading": "Unable to sign in",
  "errorPage.Verification.message": ["The sign in link is no longer valid.", "It may have been used already or it may have expired."],

  "verifyRequest.title": "Verify Request",
  "verifyRequest.heading": "Check your email",
  "verifyRequest.message": "A sign in link has been sent to your email address.",

  "email.subject": (host) => `Sign in to ${host}`,
  "email.heading": (host) => `Sign in to ${host}`,
  "email.button": "Sign in",
  "email.ignore": "If you did not request this email you can safely ignore it.",
  "email.expires": (minutes) => `The link expires in ${minutes} minutes and works once.`,

  "signinError.default": "Unable to sign in.",
  "signinError.Signin": "Try signing in with a different account.",
  "signinError.OAuthSignin": "Try signing in with a different account.",
  "signinError.OAuthCallbackError": "Try signing in with a different account.",
  "signinError.OAuthCreateAccount": "Try signing in with a different account.",
  "signinError.EmailCreateAccount": "Try signing in with a different account.",
  "signinError.Callback": "Try signing in with a different account.",
  "signinError.OAuthAccountNotLinked": "To confirm your identity, sign in with the same account you used originally.",
  "signinError.EmailSignin": "The e-mail could not be sent.",
  "signinError.CredentialsSignin": "Sign in failed. Check the details you provided are correct.",
  "signinError.SessionRequired": "Please sign in to access this page.",
  "signinError.MissingCSRF": "Unable to sign in.",
  "signinError.AccountNotLinked": "To confirm your identity, sign in with the same account you used originally.",
  "signinError.AccessDenied": "Unable to sign in.",
  "signinError.Verification": "Unable to sign in.",
  "signinError.WebAuthnVerificationError": "Unable to sign in.",
  "signinError.NetworkError": "Could not reach the server. Check your connection and try again.",
};

export default en;
