/** Arabic (Modern Standard Arabic). Right-to-left: pages set dir="rtl" through directionOf(). */
import type { Messages } from "./types.js";

const ar: Messages = {
  "language.name": "العربية",

  "signin.title": "تسجيل الدخول",
  "signin.heading": "تسجيل الدخول",
  "signin.withProvider": (provider) => `تسجيل الدخول باستخدام ${provider}`,
  "signin.loading": "جارٍ تسجيل الدخول…",
  "signin.email.label": "البريد الإلكتروني",
  "signin.email.placeholder": "email@example.com",
  "signin.or": "أو",
  "signin.passkey.heading": "مفتاح المرور",
  "signin.passkey.button": "تسجيل الدخول باستخدام مفتاح مرور",
  "signin.passkey.register": "إنشاء مفتاح مرور",
  "signin.passkey.unsupported": "لا يدعم هذا المتصفح مفاتيح المرور.",

  "signout.title": "تسجيل الخروج",
  "signout.heading": "تسجيل الخروج",
  "signout.confirm": "هل تريد بالتأكيد تسجيل الخروج؟",
  "signout.button": "تسجيل الخروج",
  "signout.cancel": "إلغاء",
  "signout.loading": "جارٍ تسجيل الخروج…",

  "error.title": "خطأ",
  "error.signinLink": "تسجيل الدخول",
  "error.requestNewLink": "طلب رابط جديد",
  "errorPage.default.heading": "خطأ",
  "errorPage.Configuration.heading": "خطأ في الخادم",
  "errorPage.Configuration.message": ["توجد مشكلة في إعدادات الخادم.", "راجع سجلات الخادم لمزيد من المعلومات."],
  "errorPage.AccessDenied.heading": "تم رفض الوصول",
  "errorPage.AccessDenied.message": ["ليس لديك إذن بتسجيل الدخول."],
  "errorPage.Verification.heading": "تعذّر تسجيل الدخول",
  "errorPage.Verification.message": ["رابط تسجيل الدخول لم يعد صالحًا.", "ربما استُخدم من قبل أو انتهت صلاحيته."],

  "verifyRequest.title": "تأكيد تسجيل الدخول",
  "verifyRequest.heading": "تحقّق من بريدك الإلكتروني",
  "verifyRequest.message": "تم إرسال رابط تسجيل الدخول إلى عنوان بريدك الإلكتروني.",

  "email.subject": (host) => `تسجيل الدخول إلى ${host}`,
  "email.heading": (host) => `تسجيل الدخول إلى ${host}`,
  "email.button": "تسجيل الدخول",
  "email.ignore": "إذا لم تطلب هذه الرسالة، يمكنك تجاهلها بأمان.",
  "email.expires": (minutes) => `تنتهي صلاحية الرابط خلال ${minutes} دقيقة ويعمل مرة واحدة فقط.`,

  "signinError.default": "تعذّر تسجيل الدخول.",
  "signinError.Signin": "حاول تسجيل الدخول باستخدام حساب آخر.",
  "signinError.OAuthSignin": "حاول تسجيل الدخول باستخدام حساب آخر.",
  "signinError.OAuthCallbackError": "حاول تسجيل الدخول باستخدام حساب آخر.",
  "signinError.OAuthCreateAccount": "حاول تسجيل الدخول باستخدام حساب آخر.",
  "signinError.EmailCreateAccount": "حاول تسجيل الدخول باستخدام حساب آخر.",
  "signinError.Callback": "حاول تسجيل الدخول باستخدام حساب آخر.",
  "signinError.OAuthAccountNotLinked": "لتأكيد هويتك، سجّل الدخول باستخدام الحساب نفسه الذي استخدمته في الأصل.",
  "signinError.EmailSignin": "تعذّر إرسال البريد الإلكتروني.",
  "signinError.CredentialsSignin": "فشل تسجيل الدخول. تأكّد من صحة البيانات التي أدخلتها.",
  "signinError.SessionRequired": "يُرجى تسجيل الدخول للوصول إلى هذه الصفحة.",
  "signinError.MissingCSRF": "تعذّر تسجيل الدخول.",
  "signinError.AccountNotLinked": "لتأكيد هويتك، سجّل الدخول باستخدام الحساب نفسه الذي استخدمته في الأصل.",
  "signinError.AccessDenied": "تعذّر تسجيل الدخول.",
  "signinError.Verification": "تعذّر تسجيل الدخول.",
  "signinError.WebAuthnVerificationError": "تعذّر تسجيل الدخول.",
  "signinError.NetworkError": "تعذّر الوصول إلى الخادم. تحقّق من اتصالك ثم حاول مرة أخرى.",
};

export default ar;
