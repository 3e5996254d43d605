/** French. Formal address ("vous"); a no-break space (U+00A0) before "?" as French typography wants. */
import type { Messages } from "./types.js";

const fr: Messages = {
  "language.name": "Français",

  "signin.title": "Connexion",
  "signin.heading": "Se connecter",
  "signin.withProvider": (provider) => `Se connecter avec ${provider}`,
  "signin.loading": "Connexion en cours…",
  "signin.email.label": "Adresse e-mail",
  "signin.email.placeholder": "nom@example.com",
  "signin.or": "ou",
  "signin.passkey.heading": "Clé d’accès",
  "signin.passkey.button": "Se connecter avec une clé d’accès",
  "signin.passkey.register": "Créer une clé d’accès",
  "signin.passkey.unsupported": "Ce navigateur ne prend pas en charge les clés d’accès.",

  "signout.title": "Déconnexion",
  "signout.heading": "Se déconnecter",
  "signout.confirm": "Voulez-vous vraiment vous déconnecter\u00a0?",
  "signout.button": "Se déconnecter",
  "signout.cancel": "Annuler",
  "signout.loading": "Déconnexion en cours…",

  "error.title": "Erreur",
  "error.signinLink": "Se connecter",
  "error.requestNewLink": "Demander un nouveau lien",
  "errorPage.default.heading": "Erreur",
  "errorPage.Configuration.heading": "Erreur du serveur",
  "errorPage.Configuration.message": [
    "La configuration du serveur présente un problème.",
    "Consultez les journaux du serveur pour en savoir plus.",
  ],
  "errorPage.AccessDenied.heading": "Accès refusé",
  "errorPage.AccessDenied.message": ["Vous n’êtes pas autorisé à vous connecter."],
  "errorPage.Verification.heading": "Connexion impossible",
  "errorPage.Verification.message": [
    "Le lien de connexion n’est plus valide.",
    "Il a peut-être déjà été utilisé ou a expiré.",
  ],

  "verifyRequest.title": "Confirmer la connexion",
  "verifyRequest.heading": "Consultez vos e-mails",
  "verifyRequest.message": "Un lien de connexion a été envoyé à votre adresse e-mail.",

  "email.subject": (host) => `Connexion à ${host}`,
  "email.heading": (host) => `Connexion à ${host}`,
  "email.button": "Se connecter",
  "email.ignore": "Si vous n’avez pas demandé cet e-mail, vous pouvez l’ignorer.",
  "email.expires": (minutes) => `Le lien expire dans ${minutes} minutes et ne fonctionne qu’une fois.`,

  "signinError.default": "Connexion impossible.",
  "signinError.Signin": "Essayez de vous connecter avec un autre compte.",
  "signinError.OAuthSignin": "Essayez de vous connecter avec un autre compte.",
  "signinError.OAuthCallbackError": "Essayez de vous connecter avec un autre compte.",
  "signinError.OAuthCreateAccount": "Essayez de vous connecter avec un autre compte.",
  "signinError.EmailCreateAccount": "Essayez de vous connecter avec un autre compte.",
  "signinError.Callback": "Essayez de vous connecter avec un autre compte.",
  "signinError.OAuthAccountNotLinked":
    "Pour confirmer votre identité, connectez-vous avec le compte que vous avez utilisé au départ.",
  "signinError.EmailSignin": "L’e-mail n’a pas pu être envoyé.",
  "signinError.CredentialsSignin": "Échec de la connexion. Vérifiez que les informations saisies sont correctes.",
  "signinError.SessionRequired": "Veuillez vous connecter pour accéder à cette page.",
  "signinError.MissingCSRF": "Connexion impossible.",
  "signinError.AccountNotLinked":
    "Pour confirmer votre identité, connectez-vous avec le compte que vous avez utilisé au départ.",
  "signinError.AccessDenied": "Connexion impossible.",
  "signinError.Verification": "Connexion impossible.",
  "signinError.WebAuthnVerificationError": "Connexion impossible.",
  "signinError.NetworkError": "Impossible de joindre le serveur. Vérifiez votre connexion et réessayez.",
};

export default fr;
