/**
 * The account area's messages (the hosted `{basePath}/account` page and `<auth-account>`), kept out of
 * the main catalogue so that the sign-in elements do not carry them. Keys follow the main catalogue's
 * style; per-locale overrides come from the same `messages` option (`{ en: { "account.heading": … } }`).
 * English, with Arabic and German for the most visible terms; every missing term falls back to English.
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
const ACCOUNT_AR: Partial<AccountMessages> = {
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
};

/** German (formal address, as the main catalogue). */
const ACCOUNT_DE: Partial<AccountMessages> = {
  "account.title": "Konto",
  "account.heading": "Ihr Konto",
  "account.signedOut": "Melden Sie sich an, um Ihr Konto zu verwalten.",
  "account.profile.heading": "Profil",
  "account.profile.name": "Name",
  "account.profile.image": "Bild-URL",
  "account.profile.email": "E-Mail",
  "account.profile.save": "Profil speichern",
  "account.sessions.heading": "Wo Sie angemeldet sind",
  "account.sessions.empty": "Auf keinem anderen Gerät angemeldet.",
  "account.sessions.device": (browser, os) => `${browser} unter ${os}`,
  "account.sessions.unknownDevice": "Unbekanntes Gerät",
  "account.sessions.thisDevice": "Dieses Gerät",
  "account.sessions.revoke": "Abmelden",
  "account.sessions.revokeOthers": "Überall sonst abmelden",
  "account.passkeys.heading": "Passkeys",
  "account.accounts.heading": "Verknüpfte Konten",
  "account.accounts.unlink": "Trennen",
  "account.accounts.link": (provider) => `${provider} verknüpfen`,
  "account.danger.heading": "Konto löschen",
  "account.danger.delete": "Mein Konto löschen",
  "account.cancel": "Abbrechen",
  "account.status.profileSaved": "Profil gespeichert.",
  "account.status.passkeyRenamed": "Name gespeichert.",
  "account.status.accountUnlinked": "Konto getrennt.",
};

/** Per-locale catalogues of the account area; English is the fallback of every term. */
export const ACCOUNT_LOCALES: Readonly<Record<string, Partial<AccountMessages>>> = { en: ACCOUNT_EN, ar: ACCOUNT_AR, de: ACCOUNT_DE };

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
