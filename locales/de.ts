/** German. Formal address ("Sie"), as sign-in pages usually are. */
import type { Messages } from "./types.js";

const de: Messages = {
  "language.name": "Deutsch",

  "signin.title": "Anmelden",
  "signin.heading": "Anmelden",
  "signin.withProvider": (provider) => `Mit ${provider} anmelden`,
  "signin.loading": "Anmeldung läuft …",
  "signin.email.label": "E-Mail",
  "signin.email.placeholder": "name@example.com",
  "signin.or": "oder",
  "signin.passkey.heading": "Passkey",
  "signin.passkey.button": "Mit einem Passkey anmelden",
  "signin.passkey.register": "Passkey erstellen",
  "signin.passkey.unsupported": "Dieser Browser unterstützt keine Passkeys.",

  "signout.title": "Abmelden",
  "signout.heading": "Abmelden",
  "signout.confirm": "Möchten Sie sich wirklich abmelden?",
  "signout.button": "Abmelden",
  "signout.cancel": "Abbrechen",
  "signout.loading": "Abmeldung läuft …",

  "error.title": "Fehler",
  "error.signinLink": "Anmelden",
  "error.requestNewLink": "Neuen Link anfordern",
  "errorPage.default.heading": "Fehler",
  "errorPage.Configuration.heading": "Serverfehler",
  "errorPage.Configuration.message": [
    "Es gibt ein Problem mit der Serverkonfiguration.",
    "Weitere Informationen finden Sie in den Serverprotokollen.",
  ],
  "errorPage.AccessDenied.heading": "Zugriff verweigert",
  "errorPage.AccessDenied.message": ["Sie sind nicht berechtigt, sich anzumelden."],
  "errorPage.Verification.heading": "Anmeldung nicht möglich",
  "errorPage.Verification.message": [
    "Der Anmeldelink ist nicht mehr gültig.",
    "Möglicherweise wurde er bereits verwendet oder ist abgelaufen.",
  ],

  "verifyRequest.title": "Anmeldung bestätigen",
  "verifyRequest.heading": "Prüfen Sie Ihre E-Mails",
  "verifyRequest.message": "Ein Anmeldelink wurde an Ihre E-Mail-Adresse gesendet.",

  "email.subject": (host) => `Anmelden bei ${host}`,
  "email.heading": (host) => `Anmelden bei ${host}`,
  "email.button": "Anmelden",
  "email.ignore": "Wenn Sie diese E-Mail nicht angefordert haben, können Sie sie ignorieren.",
  "email.expires": (minutes) => `Der Link ist ${minutes} Minuten gültig und funktioniert nur einmal.`,

  "signinError.default": "Anmeldung nicht möglich.",
  "signinError.Signin": "Versuchen Sie, sich mit einem anderen Konto anzumelden.",
  "signinError.OAuthSignin": "Versuchen Sie, sich mit einem anderen Konto anzumelden.",
  "signinError.OAuthCallbackError": "Versuchen Sie, sich mit einem anderen Konto anzumelden.",
  "signinError.OAuthCreateAccount": "Versuchen Sie, sich mit einem anderen Konto anzumelden.",
  "signinError.EmailCreateAccount": "Versuchen Sie, sich mit einem anderen Konto anzumelden.",
  "signinError.Callback": "Versuchen Sie, sich mit einem anderen Konto anzumelden.",
  "signinError.OAuthAccountNotLinked":
    "Um Ihre Identität zu bestätigen, melden Sie sich mit demselben Konto an, das Sie ursprünglich verwendet haben.",
  "signinError.EmailSignin": "Die E-Mail konnte nicht gesendet werden.",
  "signinError.CredentialsSignin": "Anmeldung fehlgeschlagen. Bitte prüfen Sie, ob Ihre Angaben korrekt sind.",
  "signinError.SessionRequired": "Bitte melden Sie sich an, um diese Seite aufzurufen.",
  "signinError.MissingCSRF": "Anmeldung nicht möglich.",
  "signinError.AccountNotLinked":
    "Um Ihre Identität zu bestätigen, melden Sie sich mit demselben Konto an, das Sie ursprünglich verwendet haben.",
  "signinError.AccessDenied": "Anmeldung nicht möglich.",
  "signinError.Verification": "Anmeldung nicht möglich.",
  "signinError.WebAuthnVerificationError": "Anmeldung nicht möglich.",
  "signinError.NetworkError": "Der Server ist nicht erreichbar. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.",
};

export default de;
