/** Spanish, neutral (Spain and Latin America). Informal address ("tú"), as current web UIs use. */
import type { Messages } from "./types.js";

const es: Messages = {
  "language.name": "Español",

  "signin.title": "Iniciar sesión",
  "signin.heading": "Iniciar sesión",
  "signin.withProvider": (provider) => `Iniciar sesión con ${provider}`,
  "signin.loading": "Iniciando sesión…",
  "signin.email.label": "Correo electrónico",
  "signin.email.placeholder": "nombre@example.com",
  "signin.or": "o",
  "signin.passkey.heading": "Llave de acceso",
  "signin.passkey.button": "Iniciar sesión con una llave de acceso",
  "signin.passkey.register": "Crear una llave de acceso",
  "signin.passkey.unsupported": "Este navegador no admite llaves de acceso.",

  "signout.title": "Cerrar sesión",
  "signout.heading": "Cerrar sesión",
  "signout.confirm": "¿Seguro que quieres cerrar sesión?",
  "signout.button": "Cerrar sesión",
  "signout.cancel": "Cancelar",
  "signout.loading": "Cerrando sesión…",

  "error.title": "Error",
  "error.signinLink": "Iniciar sesión",
  "error.requestNewLink": "Solicitar un enlace nuevo",
  "errorPage.default.heading": "Error",
  "errorPage.Configuration.heading": "Error del servidor",
  "errorPage.Configuration.message": [
    "Hay un problema con la configuración del servidor.",
    "Consulta los registros del servidor para obtener más información.",
  ],
  "errorPage.AccessDenied.heading": "Acceso denegado",
  "errorPage.AccessDenied.message": ["No tienes permiso para iniciar sesión."],
  "errorPage.Verification.heading": "No se puede iniciar sesión",
  "errorPage.Verification.message": [
    "El enlace de inicio de sesión ya no es válido.",
    "Es posible que ya se haya usado o que haya caducado.",
  ],

  "verifyRequest.title": "Confirmar inicio de sesión",
  "verifyRequest.heading": "Revisa tu correo electrónico",
  "verifyRequest.message": "Se ha enviado un enlace de inicio de sesión a tu dirección de correo electrónico.",

  "email.subject": (host) => `Inicia sesión en ${host}`,
  "email.heading": (host) => `Inicia sesión en ${host}`,
  "email.button": "Iniciar sesión",
  "email.ignore": "Si no solicitaste este correo, puedes ignorarlo.",
  "email.expires": (minutes) => `El enlace caduca en ${minutes} minutos y solo funciona una vez.`,

  "signinError.default": "No se puede iniciar sesión.",
  "signinError.Signin": "Intenta iniciar sesión con otra cuenta.",
  "signinError.OAuthSignin": "Intenta iniciar sesión con otra cuenta.",
  "signinError.OAuthCallbackError": "Intenta iniciar sesión con otra cuenta.",
  "signinError.OAuthCreateAccount": "Intenta iniciar sesión con otra cuenta.",
  "signinError.EmailCreateAccount": "Intenta iniciar sesión con otra cuenta.",
  "signinError.Callback": "Intenta iniciar sesión con otra cuenta.",
  "signinError.OAuthAccountNotLinked":
    "Para confirmar tu identidad, inicia sesión con la misma cuenta que usaste originalmente.",
  "signinError.EmailSignin": "No se pudo enviar el correo electrónico.",
  "signinError.CredentialsSignin": "No se pudo iniciar sesión. Comprueba que los datos introducidos sean correctos.",
  "signinError.SessionRequired": "Inicia sesión para acceder a esta página.",
  "signinError.MissingCSRF": "No se puede iniciar sesión.",
  "signinError.AccountNotLinked":
    "Para confirmar tu identidad, inicia sesión con la misma cuenta que usaste originalmente.",
  "signinError.AccessDenied": "No se puede iniciar sesión.",
  "signinError.Verification": "No se puede iniciar sesión.",
  "signinError.WebAuthnVerificationError": "No se puede iniciar sesión.",
  "signinError.NetworkError": "No se pudo conectar con el servidor. Comprueba tu conexión e inténtalo de nuevo.",
};

export default es;
