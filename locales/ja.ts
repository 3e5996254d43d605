/** Japanese. Polite form (です・ます). */
import type { Messages } from "./types.js";

const ja: Messages = {
  "language.name": "日本語",

  "signin.title": "サインイン",
  "signin.heading": "サインイン",
  "signin.withProvider": (provider) => `${provider} でサインイン`,
  "signin.loading": "サインインしています…",
  "signin.email.label": "メールアドレス",
  "signin.email.placeholder": "email@example.com",
  "signin.or": "または",
  "signin.passkey.heading": "パスキー",
  "signin.passkey.button": "パスキーでサインイン",
  "signin.passkey.register": "パスキーを作成",
  "signin.passkey.unsupported": "このブラウザはパスキーに対応していません。",

  "signout.title": "サインアウト",
  "signout.heading": "サインアウト",
  "signout.confirm": "サインアウトしてもよろしいですか？",
  "signout.button": "サインアウト",
  "signout.cancel": "キャンセル",
  "signout.loading": "サインアウトしています…",

  "error.title": "エラー",
  "error.signinLink": "サインイン",
  "error.requestNewLink": "新しいリンクを請求する",
  "errorPage.default.heading": "エラー",
  "errorPage.Configuration.heading": "サーバーエラー",
  "errorPage.Configuration.message": [
    "サーバーの設定に問題があります。",
    "詳しくはサーバーのログを確認してください。",
  ],
  "errorPage.AccessDenied.heading": "アクセスが拒否されました",
  "errorPage.AccessDenied.message": ["サインインする権限がありません。"],
  "errorPage.Verification.heading": "サインインできません",
  "errorPage.Verification.message": [
    "このサインインリンクは無効になっています。",
    "すでに使用されたか、有効期限が切れている可能性があります。",
  ],

  "verifyRequest.title": "サインインの確認",
  "verifyRequest.heading": "メールを確認してください",
  "verifyRequest.message": "サインイン用のリンクをメールアドレスに送信しました。",

  "email.subject": (host) => `${host} へのサインイン`,
  "email.heading": (host) => `${host} へのサインイン`,
  "email.button": "サインイン",
  "email.ignore": "このメールに心当たりがない場合は、無視してください。",
  "email.expires": (minutes) => `このリンクの有効期限は ${minutes} 分で、1 回だけ使用できます。`,

  "signinError.default": "サインインできませんでした。",
  "signinError.Signin": "別のアカウントでサインインしてみてください。",
  "signinError.OAuthSignin": "別のアカウントでサインインしてみてください。",
  "signinError.OAuthCallbackError": "別のアカウントでサインインしてみてください。",
  "signinError.OAuthCreateAccount": "別のアカウントでサインインしてみてください。",
  "signinError.EmailCreateAccount": "別のアカウントでサインインしてみてください。",
  "signinError.Callback": "別のアカウントでサインインしてみてください。",
  "signinError.OAuthAccountNotLinked": "本人確認のため、最初に使用したものと同じアカウントでサインインしてください。",
  "signinError.EmailSignin": "メールを送信できませんでした。",
  "signinError.CredentialsSignin": "サインインに失敗しました。入力内容が正しいか確認してください。",
  "signinError.SessionRequired": "このページにアクセスするにはサインインしてください。",
  "signinError.MissingCSRF": "サインインできませんでした。",
  "signinError.AccountNotLinked": "本人確認のため、最初に使用したものと同じアカウントでサインインしてください。",
  "signinError.AccessDenied": "サインインできませんでした。",
  "signinError.Verification": "サインインできませんでした。",
  "signinError.WebAuthnVerificationError": "サインインできませんでした。",
  "signinError.NetworkError": "サーバーに接続できません。接続を確認して、もう一度お試しください。",
};

export default ja;
