/**
 * The account area's messages (the hosted `{basePath}/account` page and `<auth-account>`), kept out of
 * the main catalogue so that the sign-in elements do not carry them. Keys follow the main catalogue's
 * style; per-locale overrides come from the same `messages` option (`{ en: { "account.heading": … } }`).
 * Every built-in language has every term (locales/locales.test.ts checks it); a term missing from an
 * app's own catalogue or override falls back to the language's, then to English.
 *
 * Data plus one small pure function: no server imports, safe in the browser.
 */
import { languageOf } from "./translator.js";

export interface AccountMessages {
  "account.title": string;
  "account.heading": string;
  "account.loading": string;
  "account.signedOut": string;
  "account.signIn": string;
  "account.profile.heading": string;
  "account.profile.name": string;
  "account.profile.image": string;
  "account.profile.imageHint": string;
  "account.profile.email": string;
  "account.profile.noEmail": string;
  "account.profile.save": string;
  "account.sessions.heading": string;
  "account.sessions.empty": string;
  "account.sessions.unavailable": string;
  /** A device named by its browser and system. */
  "account.sessions.device": (browser: string, os: string) => string;
  "account.sessions.unknownDevice": string;
  "account.sessions.thisDevice": string;
  "account.sessions.lastSeen": (date: string) => string;
  "account.sessions.signedIn": (date: string) => string;
  "account.sessions.revoke": string;
  "account.sessions.revokeOthers": string;
  "account.passkeys.heading": string;
  "account.passkeys.securityKey": string;
  "account.passkeys.synced": string;
  "account.passkeys.unavailable": string;
  "account.accounts.heading": string;
  "account.accounts.empty": string;
  "account.accounts.unlink": string;
  "account.accounts.lastWayIn": string;
  "account.accounts.link": (provider: string) => string;
  "account.danger.heading": string;
  "account.danger.explain": string;
  "account.danger.confirmLabel": (word: string) => string;
  "account.danger.recent": string;
  "account.danger.delete": string;
  "account.cancel": string;
  "account.status.profileSaved": string;
  "account.status.sessionRevoked": string;
  "account.status.othersRevoked": string;
  "account.status.passkeyRenamed": string;
  "account.status.passkeyRemoved": string;
  "account.status.accountUnlinked": string;
  "account.status.accountDeleted": string;
  "account.error.default": string;
  "account.error.InvalidRequest": string;
  "account.error.NotFound": string;
  "account.error.NotAvailable": string;
  "account.error.LastSignInMethod": string;
  "account.error.MissingCSRF": string;
  "account.error.SessionRequired": string;
  "account.error.Busy": string;
  "account.error.ConfirmationRequired": string;
  "account.error.RecentSignInRequired": string;
}

export type AccountMessageKey = keyof AccountMessages;

export const ACCOUNT_EN: AccountMessages = {
  "account.title": "Account",
  "account.heading": "Your account",
  "account.loading": "Loading your account…",
  "account.signedOut": "Sign in to manage your account.",
  "account.signIn": "Sign in",
  "account.profile.heading": "Profile",
  "account.profile.name": "Name",
  "account.profile.image": "Picture URL",
  "account.profile.imageHint": "An https: address of an image, or empty for none.",
  "account.profile.email": "Email",
  "account.profile.noEmail": "No email address",
  "account.profile.save": "Save profile",
  "account.sessions.heading": "Where you're signed in",
  "account.sessions.empty": "No other devices are signed in.",
  "account.sessions.unavailable": "Sessions are not listed on this server.",
  "account.sessions.device": (browser, os) => `${browser} on ${os}`,
  "account.sessions.unknownDevice": "Unknown device",
  "account.sessions.thisDevice": "This device",
  "account.sessions.lastSeen": (date) => `Last active ${date}`,
  "account.sessions.signedIn": (date) => `Signed in ${date}`,
  "account.sessions.revoke": "Sign out",
  "account.sessions.revokeOthers": "Sign out everywhere else",
  "account.passkeys.heading": "Passkeys",
  "account.passkeys.securityKey": "Security key",
  "account.passkeys.synced": "Synced passkey",
  "account.passkeys.unavailable": "Passkeys are not available on this server.",
  "account.accounts.heading": "Connected accounts",
  "account.accounts.empty": "No accounts are connected.",
  "account.accounts.unlink": "Disconnect",
  "account.accounts.lastWayIn": "This is your only way to sign in, so it cannot be disconnected.",
  "account.accounts.link": (provider) => `Connect ${provider}`,
  "account.danger.heading": "Delete account",
  "account.danger.explain": "This deletes your account and signs you out everywhere. It cannot be undone.",
  "account.danger.confirmLabel": (word) => `To confirm, type ${word}`,
  "account.danger.recent": "For your safety, sign in again first if you signed in more than a few minutes ago.",
  "account.danger.delete": "Delete my account",
  "account.cancel": "Cancel",
  "account.status.profileSaved": "Profile saved.",
  "account.status.sessionRevoked": "That device was signed out.",
  "account.status.othersRevoked": "All other devices were signed out.",
  "account.status.passkeyRenamed": "Name saved.",
  "account.status.passkeyRemoved": "Passkey removed.",
  "account.status.accountUnlinked": "Account disconnected.",
  "account.status.accountDeleted": "Your account was deleted.",
  "account.error.default": "Something went wrong. Please try again.",
  "account.error.InvalidRequest": "Check what you entered and try again.",
  "account.error.NotFound": "That item no longer exists.",
  "account.error.NotAvailable": "This is not available on this server.",
  "account.error.LastSignInMethod": "This is your only way to sign in. Add another way before removing it.",
  "account.error.MissingCSRF": "The form expired. Please try again.",
  "account.error.SessionRequired": "Your session ended. Sign in again.",
  "account.error.Busy": "Another change is in progress. Try again in a moment.",
  "account.error.ConfirmationRequired": "Type the confirmation exactly as shown.",
  "account.error.RecentSignInRequired": "Sign in again, then delete your account within 10 minutes.",
};

/** Arabic (right to left). */
const ACCOUNT_AR: AccountMessages = {
  "account.title": "الحساب",
  "account.heading": "حسابك",
  "account.loading": "جارٍ تحميل حسابك…",
  "account.signedOut": "سجّل الدخول لإدارة حسابك.",
  "account.signIn": "تسجيل الدخول",
  "account.profile.heading": "الملف الشخصي",
  "account.profile.name": "الاسم",
  "account.profile.image": "رابط الصورة",
  "account.profile.imageHint": "عنوان https: لصورة، أو اتركه فارغًا.",
  "account.profile.email": "البريد الإلكتروني",
  "account.profile.noEmail": "لا يوجد بريد إلكتروني",
  "account.profile.save": "حفظ الملف الشخصي",
  "account.sessions.heading": "الأجهزة التي سجّلت الدخول منها",
  "account.sessions.empty": "لا توجد أجهزة أخرى مسجّل الدخول منها.",
  "account.sessions.device": (browser, os) => `${browser} على ${os}`,
  "account.sessions.unknownDevice": "جهاز غير معروف",
  "account.sessions.thisDevice": "هذا الجهاز",
  "account.sessions.lastSeen": (date) => `آخر نشاط ${date}`,
  "account.sessions.revoke": "تسجيل الخروج",
  "account.sessions.revokeOthers": "تسجيل الخروج من كل الأجهزة الأخرى",
  "account.passkeys.heading": "مفاتيح المرور",
  "account.accounts.heading": "الحسابات المرتبطة",
  "account.accounts.empty": "لا توجد حسابات مرتبطة.",
  "account.accounts.unlink": "فصل",
  "account.accounts.lastWayIn": "هذه طريقتك الوحيدة لتسجيل الدخول، لذا لا يمكن فصلها.",
  "account.passkeys.securityKey": "مفتاح أمان",
  "account.passkeys.synced": "مفتاح مرور متزامن",
  "account.sessions.unavailable": "لا يعرض هذا الخادم جلسات تسجيل الدخول.",
  "account.danger.explain": "سيؤدي هذا إلى حذف حسابك وتسجيل خروجك من كل الأجهزة. لا يمكن التراجع عن ذلك.",
  "account.danger.confirmLabel": (word) => `للتأكيد، اكتب ${word}`,
  "account.danger.recent": "لأمانك، سجّل الدخول مرة أخرى أولًا إذا كنت قد سجّلت الدخول منذ أكثر من بضع دقائق.",
  "account.status.accountDeleted": "تم حذف حسابك.",
  "account.error.LastSignInMethod": "هذه طريقتك الوحيدة لتسجيل الدخول. أضف طريقة أخرى قبل إزالتها.",
  "account.error.MissingCSRF": "انتهت صلاحية النموذج. يُرجى المحاولة مرة أخرى.",
  "account.error.SessionRequired": "انتهت جلستك. سجّل الدخول مرة أخرى.",
  "account.error.NotFound": "لم يعد هذا العنصر موجودًا.",
  "account.error.ConfirmationRequired": "اكتب التأكيد تمامًا كما هو معروض.",
  "account.error.RecentSignInRequired": "سجّل الدخول مرة أخرى، ثم احذف حسابك خلال 10 دقائق.",
  "account.accounts.link": (provider) => `ربط ${provider}`,
  "account.danger.heading": "حذف الحساب",
  "account.danger.delete": "حذف حسابي",
  "account.cancel": "إلغاء",
  "account.status.profileSaved": "تم حفظ الملف الشخصي.",
  "account.status.sessionRevoked": "تم تسجيل خروج ذلك الجهاز.",
  "account.status.othersRevoked": "تم تسجيل خروج كل الأجهزة الأخرى.",
  "account.status.passkeyRenamed": "تم حفظ الاسم.",
  "account.status.passkeyRemoved": "تمت إزالة مفتاح المرور.",
  "account.status.accountUnlinked": "تم فصل الحساب.",
  "account.error.default": "حدث خطأ ما. يُرجى المحاولة مرة أخرى.",
  "account.sessions.signedIn": (date) => `سجّلت الدخول في ${date}`,
  "account.passkeys.unavailable": "مفاتيح المرور غير متاحة على هذا الخادم.",
  "account.error.InvalidRequest": "تحقّق مما أدخلته ثم حاول مرة أخرى.",
  "account.error.NotAvailable": "هذه الميزة غير متاحة على هذا الخادم.",
  "account.error.Busy": "هناك تغيير آخر قيد التنفيذ. حاول مرة أخرى بعد لحظات.",
};

/** German (formal address, as the main catalogue). */
const ACCOUNT_DE: AccountMessages = {
  "account.title": "Konto",
  "account.heading": "Ihr Konto",
  "account.loading": "Ihr Konto wird geladen …",
  "account.signedOut": "Melden Sie sich an, um Ihr Konto zu verwalten.",
  "account.signIn": "Anmelden",
  "account.profile.heading": "Profil",
  "account.profile.name": "Name",
  "account.profile.image": "Bild-URL",
  "account.profile.imageHint": "Die https:-Adresse eines Bildes – oder leer lassen, wenn Sie keins möchten.",
  "account.profile.email": "E-Mail",
  "account.profile.noEmail": "Keine E-Mail-Adresse",
  "account.profile.save": "Profil speichern",
  "account.sessions.heading": "Wo Sie angemeldet sind",
  "account.sessions.empty": "Auf keinem anderen Gerät angemeldet.",
  "account.sessions.unavailable": "Dieser Server zeigt keine Sitzungen an.",
  "account.sessions.device": (browser, os) => `${browser} unter ${os}`,
  "account.sessions.unknownDevice": "Unbekanntes Gerät",
  "account.sessions.thisDevice": "Dieses Gerät",
  "account.sessions.lastSeen": (date) => `Zuletzt aktiv: ${date}`,
  "account.sessions.signedIn": (date) => `Angemeldet am ${date}`,
  "account.sessions.revoke": "Abmelden",
  "account.sessions.revokeOthers": "Überall sonst abmelden",
  "account.passkeys.heading": "Passkeys",
  "account.passkeys.securityKey": "Sicherheitsschlüssel",
  "account.passkeys.synced": "Synchronisierter Passkey",
  "account.passkeys.unavailable": "Passkeys sind auf diesem Server nicht verfügbar.",
  "account.accounts.heading": "Verknüpfte Konten",
  "account.accounts.empty": "Es sind keine Konten verknüpft.",
  "account.accounts.unlink": "Trennen",
  "account.accounts.lastWayIn": "Dies ist Ihre einzige Anmeldemöglichkeit, daher kann sie nicht getrennt werden.",
  "account.accounts.link": (provider) => `${provider} verknüpfen`,
  "account.danger.heading": "Konto löschen",
  "account.danger.explain": "Ihr Konto wird gelöscht und Sie werden auf allen Geräten abgemeldet. Das lässt sich nicht rückgängig machen.",
  "account.danger.confirmLabel": (word) => `Geben Sie zur Bestätigung ${word} ein`,
  "account.danger.recent": "Zu Ihrer Sicherheit: Liegt Ihre Anmeldung mehr als ein paar Minuten zurück, melden Sie sich zuerst erneut an.",
  "account.danger.delete": "Mein Konto löschen",
  "account.cancel": "Abbrechen",
  "account.status.profileSaved": "Profil gespeichert.",
  "account.status.sessionRevoked": "Das Gerät wurde abgemeldet.",
  "account.status.othersRevoked": "Alle anderen Geräte wurden abgemeldet.",
  "account.status.passkeyRenamed": "Name gespeichert.",
  "account.status.passkeyRemoved": "Passkey entfernt.",
  "account.status.accountUnlinked": "Konto getrennt.",
  "account.status.accountDeleted": "Ihr Konto wurde gelöscht.",
  "account.error.default": "Etwas ist schiefgelaufen. Bitte versuchen Sie es erneut.",
  "account.error.InvalidRequest": "Bitte prüfen Sie Ihre Eingaben und versuchen Sie es erneut.",
  "account.error.NotFound": "Diesen Eintrag gibt es nicht mehr.",
  "account.error.NotAvailable": "Das ist auf diesem Server nicht verfügbar.",
  "account.error.LastSignInMethod": "Das ist Ihre einzige Anmeldemöglichkeit. Fügen Sie zuerst eine weitere hinzu, bevor Sie sie entfernen.",
  "account.error.MissingCSRF": "Das Formular ist abgelaufen. Bitte versuchen Sie es erneut.",
  "account.error.SessionRequired": "Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.",
  "account.error.Busy": "Gerade läuft eine andere Änderung. Versuchen Sie es gleich noch einmal.",
  "account.error.ConfirmationRequired": "Geben Sie die Bestätigung genau so ein, wie sie angezeigt wird.",
  "account.error.RecentSignInRequired": "Melden Sie sich erneut an und löschen Sie Ihr Konto dann innerhalb von 10 Minuten.",
};

/** Spanish (informal address, as the main catalogue). */
const ACCOUNT_ES: AccountMessages = {
  "account.title": "Cuenta",
  "account.heading": "Tu cuenta",
  "account.loading": "Cargando tu cuenta…",
  "account.signedOut": "Inicia sesión para gestionar tu cuenta.",
  "account.signIn": "Iniciar sesión",
  "account.profile.heading": "Perfil",
  "account.profile.name": "Nombre",
  "account.profile.image": "URL de la imagen",
  "account.profile.imageHint": "La dirección https: de una imagen, o déjalo vacío si no quieres ninguna.",
  "account.profile.email": "Correo electrónico",
  "account.profile.noEmail": "Sin dirección de correo electrónico",
  "account.profile.save": "Guardar perfil",
  "account.sessions.heading": "Dónde has iniciado sesión",
  "account.sessions.empty": "No tienes la sesión iniciada en ningún otro dispositivo.",
  "account.sessions.unavailable": "Este servidor no muestra las sesiones.",
  "account.sessions.device": (browser, os) => `${browser} en ${os}`,
  "account.sessions.unknownDevice": "Dispositivo desconocido",
  "account.sessions.thisDevice": "Este dispositivo",
  "account.sessions.lastSeen": (date) => `Última actividad: ${date}`,
  "account.sessions.signedIn": (date) => `Sesión iniciada el ${date}`,
  "account.sessions.revoke": "Cerrar sesión",
  "account.sessions.revokeOthers": "Cerrar sesión en los demás dispositivos",
  "account.passkeys.heading": "Llaves de acceso",
  "account.passkeys.securityKey": "Llave de seguridad",
  "account.passkeys.synced": "Llave de acceso sincronizada",
  "account.passkeys.unavailable": "Las llaves de acceso no están disponibles en este servidor.",
  "account.accounts.heading": "Cuentas conectadas",
  "account.accounts.empty": "No hay ninguna cuenta conectada.",
  "account.accounts.unlink": "Desconectar",
  "account.accounts.lastWayIn": "Es tu única forma de iniciar sesión, así que no se puede desconectar.",
  "account.accounts.link": (provider) => `Conectar ${provider}`,
  "account.danger.heading": "Eliminar cuenta",
  "account.danger.explain": "Se eliminará tu cuenta y se cerrará tu sesión en todos los dispositivos. No se puede deshacer.",
  "account.danger.confirmLabel": (word) => `Para confirmar, escribe ${word}`,
  "account.danger.recent": "Por seguridad, si iniciaste sesión hace más de unos minutos, vuelve a iniciarla primero.",
  "account.danger.delete": "Eliminar mi cuenta",
  "account.cancel": "Cancelar",
  "account.status.profileSaved": "Perfil guardado.",
  "account.status.sessionRevoked": "Se ha cerrado la sesión en ese dispositivo.",
  "account.status.othersRevoked": "Se ha cerrado la sesión en todos los demás dispositivos.",
  "account.status.passkeyRenamed": "Nombre guardado.",
  "account.status.passkeyRemoved": "Llave de acceso eliminada.",
  "account.status.accountUnlinked": "Cuenta desconectada.",
  "account.status.accountDeleted": "Tu cuenta se ha eliminado.",
  "account.error.default": "Algo ha salido mal. Inténtalo de nuevo.",
  "account.error.InvalidRequest": "Revisa lo que has escrito e inténtalo de nuevo.",
  "account.error.NotFound": "Ese elemento ya no existe.",
  "account.error.NotAvailable": "Esto no está disponible en este servidor.",
  "account.error.LastSignInMethod": "Es tu única forma de iniciar sesión. Añade otra antes de quitarla.",
  "account.error.MissingCSRF": "El formulario ha caducado. Inténtalo de nuevo.",
  "account.error.SessionRequired": "Tu sesión ha terminado. Vuelve a iniciar sesión.",
  "account.error.Busy": "Hay otro cambio en curso. Inténtalo de nuevo en un momento.",
  "account.error.ConfirmationRequired": "Escribe la confirmación exactamente como aparece.",
  "account.error.RecentSignInRequired": "Vuelve a iniciar sesión y elimina tu cuenta en los 10 minutos siguientes.",
};

/** French (formal address, as the main catalogue; a no-break space before “:” as French typography wants). */
const ACCOUNT_FR: AccountMessages = {
  "account.title": "Compte",
  "account.heading": "Votre compte",
  "account.loading": "Chargement de votre compte…",
  "account.signedOut": "Connectez-vous pour gérer votre compte.",
  "account.signIn": "Se connecter",
  "account.profile.heading": "Profil",
  "account.profile.name": "Nom",
  "account.profile.image": "URL de la photo",
  "account.profile.imageHint": "L’adresse https: d’une image, ou laissez vide pour n’en afficher aucune.",
  "account.profile.email": "Adresse e-mail",
  "account.profile.noEmail": "Aucune adresse e-mail",
  "account.profile.save": "Enregistrer le profil",
  "account.sessions.heading": "Vos appareils connectés",
  "account.sessions.empty": "Aucun autre appareil n’est connecté.",
  "account.sessions.unavailable": "Ce serveur n’affiche pas les sessions.",
  "account.sessions.device": (browser, os) => `${browser} sur ${os}`,
  "account.sessions.unknownDevice": "Appareil inconnu",
  "account.sessions.thisDevice": "Cet appareil",
  "account.sessions.lastSeen": (date) => `Dernière activité\u00a0: ${date}`,
  "account.sessions.signedIn": (date) => `Connexion le ${date}`,
  "account.sessions.revoke": "Déconnecter",
  "account.sessions.revokeOthers": "Déconnecter tous les autres appareils",
  "account.passkeys.heading": "Clés d’accès",
  "account.passkeys.securityKey": "Clé de sécurité",
  "account.passkeys.synced": "Clé d’accès synchronisée",
  "account.passkeys.unavailable": "Les clés d’accès ne sont pas disponibles sur ce serveur.",
  "account.accounts.heading": "Comptes associés",
  "account.accounts.empty": "Aucun compte n’est associé.",
  "account.accounts.unlink": "Dissocier",
  "account.accounts.lastWayIn": "C’est votre seul moyen de connexion\u00a0: il ne peut pas être dissocié.",
  "account.accounts.link": (provider) => `Associer ${provider}`,
  "account.danger.heading": "Supprimer le compte",
  "account.danger.explain": "Votre compte sera supprimé et toutes vos sessions seront fermées. Cette action est irréversible.",
  "account.danger.confirmLabel": (word) => `Pour confirmer, saisissez ${word}`,
  "account.danger.recent": "Par sécurité, reconnectez-vous d’abord si votre connexion date de plus de quelques minutes.",
  "account.danger.delete": "Supprimer mon compte",
  "account.cancel": "Annuler",
  "account.status.profileSaved": "Profil enregistré.",
  "account.status.sessionRevoked": "Cet appareil a été déconnecté.",
  "account.status.othersRevoked": "Tous les autres appareils ont été déconnectés.",
  "account.status.passkeyRenamed": "Nom enregistré.",
  "account.status.passkeyRemoved": "Clé d’accès supprimée.",
  "account.status.accountUnlinked": "Compte dissocié.",
  "account.status.accountDeleted": "Votre compte a été supprimé.",
  "account.error.default": "Une erreur s’est produite. Veuillez réessayer.",
  "account.error.InvalidRequest": "Vérifiez votre saisie, puis réessayez.",
  "account.error.NotFound": "Cet élément n’existe plus.",
  "account.error.NotAvailable": "Cette fonction n’est pas disponible sur ce serveur.",
  "account.error.LastSignInMethod": "C’est votre seul moyen de connexion. Ajoutez-en un autre avant de le supprimer.",
  "account.error.MissingCSRF": "Le formulaire a expiré. Veuillez réessayer.",
  "account.error.SessionRequired": "Votre session a expiré. Reconnectez-vous.",
  "account.error.Busy": "Une autre modification est en cours. Réessayez dans un instant.",
  "account.error.ConfirmationRequired": "Saisissez la confirmation exactement comme elle est indiquée.",
  "account.error.RecentSignInRequired": "Reconnectez-vous, puis supprimez votre compte dans les 10 minutes.",
};

/** Japanese (polite form, as the main catalogue). */
const ACCOUNT_JA: AccountMessages = {
  "account.title": "アカウント",
  "account.heading": "アカウント",
  "account.loading": "アカウントを読み込んでいます…",
  "account.signedOut": "アカウントを管理するにはサインインしてください。",
  "account.signIn": "サインイン",
  "account.profile.heading": "プロフィール",
  "account.profile.name": "名前",
  "account.profile.image": "画像の URL",
  "account.profile.imageHint": "画像の https: アドレスを入力します。画像を使わない場合は空欄のままにしてください。",
  "account.profile.email": "メールアドレス",
  "account.profile.noEmail": "メールアドレスなし",
  "account.profile.save": "プロフィールを保存",
  "account.sessions.heading": "サインイン中のデバイス",
  "account.sessions.empty": "ほかにサインインしているデバイスはありません。",
  "account.sessions.unavailable": "このサーバーではセッションを一覧表示できません。",
  "account.sessions.device": (browser, os) => `${os} の ${browser}`,
  "account.sessions.unknownDevice": "不明なデバイス",
  "account.sessions.thisDevice": "このデバイス",
  "account.sessions.lastSeen": (date) => `最終アクティビティ: ${date}`,
  "account.sessions.signedIn": (date) => `サインイン日時: ${date}`,
  "account.sessions.revoke": "サインアウト",
  "account.sessions.revokeOthers": "ほかのすべてのデバイスからサインアウト",
  "account.passkeys.heading": "パスキー",
  "account.passkeys.securityKey": "セキュリティキー",
  "account.passkeys.synced": "同期済みのパスキー",
  "account.passkeys.unavailable": "このサーバーではパスキーを利用できません。",
  "account.accounts.heading": "連携中のアカウント",
  "account.accounts.empty": "連携しているアカウントはありません。",
  "account.accounts.unlink": "連携を解除",
  "account.accounts.lastWayIn": "これが唯一のサインイン方法のため、連携を解除できません。",
  "account.accounts.link": (provider) => `${provider} と連携`,
  "account.danger.heading": "アカウントの削除",
  "account.danger.explain": "アカウントを削除し、すべてのデバイスからサインアウトします。この操作は元に戻せません。",
  "account.danger.confirmLabel": (word) => `確認のため「${word}」と入力してください`,
  "account.danger.recent": "安全のため、サインインしてから数分以上たっている場合は、先にもう一度サインインしてください。",
  "account.danger.delete": "アカウントを削除",
  "account.cancel": "キャンセル",
  "account.status.profileSaved": "プロフィールを保存しました。",
  "account.status.sessionRevoked": "そのデバイスからサインアウトしました。",
  "account.status.othersRevoked": "ほかのすべてのデバイスからサインアウトしました。",
  "account.status.passkeyRenamed": "名前を保存しました。",
  "account.status.passkeyRemoved": "パスキーを削除しました。",
  "account.status.accountUnlinked": "アカウントの連携を解除しました。",
  "account.status.accountDeleted": "アカウントを削除しました。",
  "account.error.default": "問題が発生しました。もう一度お試しください。",
  "account.error.InvalidRequest": "入力内容を確認して、もう一度お試しください。",
  "account.error.NotFound": "この項目はもう存在しません。",
  "account.error.NotAvailable": "この機能はこのサーバーでは利用できません。",
  "account.error.LastSignInMethod": "これが唯一のサインイン方法です。削除する前に、別のサインイン方法を追加してください。",
  "account.error.MissingCSRF": "フォームの有効期限が切れました。もう一度お試しください。",
  "account.error.SessionRequired": "セッションが終了しました。もう一度サインインしてください。",
  "account.error.Busy": "別の変更を処理しています。しばらくしてからもう一度お試しください。",
  "account.error.ConfirmationRequired": "表示されているとおりに正確に入力してください。",
  "account.error.RecentSignInRequired": "もう一度サインインしてから、10 分以内にアカウントを削除してください。",
};

/** Per-locale catalogues of the account area; English is the fallback of every term. */
export const ACCOUNT_LOCALES: Readonly<Record<string, Partial<AccountMessages>>> = {
  en: ACCOUNT_EN,
  ar: ACCOUNT_AR,
  de: ACCOUNT_DE,
  es: ACCOUNT_ES,
  fr: ACCOUNT_FR,
  ja: ACCOUNT_JA,
};

type Args<K extends AccountMessageKey> = AccountMessages[K] extends (...args: infer A) => string ? A : [];
/** Overrides as the `messages` option gives them: strings (with `{0}`-style or named placeholders) or functions. */
export type AccountOverrides = Record<string, Record<string, unknown> | undefined>;

/**
 * A lookup for `locale`: the app's override for the exact tag, then its language, then the account
 * catalogue of the tag's language, then English. String overrides of function terms fill `{name}`
 * placeholders with the arguments in order.
 */
export function accountTranslator(locale: string, overrides?: AccountOverrides) {
  const language = languageOf(locale);
  const sources = [overrides?.[locale], overrides?.[language], ACCOUNT_LOCALES[language], ACCOUNT_EN] as (Record<string, unknown> | undefined)[];
  return function t<K extends AccountMessageKey>(key: K, ...args: Args<K>): string {
    for (const source of sources) {
      const term = source?.[key];
      if (typeof term === "function") return String((term as (...a: unknown[]) => unknown)(...args));
      if (typeof term === "string") {
        let index = 0;
        return term.replace(/\{[^{}]*\}/g, () => String(args[index++] ?? ""));
      }
    }
    return key;
  };
}

export type AccountTranslate = ReturnType<typeof accountTranslator>;
