/**
 * The sign-in page: one block per provider kind, separated by "or", an alert for `?error=`, and
 * only the server's own CSRF token and resolved callback URL in its forms (never query values —
 * the upstream query-spread bug, R-REQ-14).
 */
import type { ComponentChildren, InputHTMLAttributes } from "preact";
import { signinErrorMessage, type MessageKey } from "../../locales/index.js";
import { Alert, Card, Divider, HiddenFields } from "./components.js";
import type { PageContext } from "./context.js";
import type { FieldView, PageProvider } from "./providers.js";

export interface SignInProps {
  providers: PageProvider[];
  error?: string;
  code?: string;
  /** Pre-fills the e-mail field (`?email=`). */
  email?: string;
}

/** One block of sign-in choices; a passkey block is hidden until the page's script enables it. */
interface Group {
  node: ComponentChildren;
  /** The WebAuthn provider of a passkey block. */
  passkey?: PageProvider;
}

export function SignInPage({ page, props }: { page: PageContext; props: SignInProps }) {
  const { t } = page;
  const groups: Group[] = [];
  let buttons: ComponentChildren[] = [];
  const flushButtons = () => {
    if (buttons.length) groups.push({ node: <div class="providers">{buttons}</div> });
    buttons = [];
  };
  for (const provider of props.providers) {
    if (provider.type === "oauth" || provider.type === "oidc") {
      buttons.push(<ProviderButton page={page} provider={provider} />);
      continue;
    }
    flushButtons();
    if (provider.type === "email") groups.push({ node: <EmailForm page={page} provider={provider} email={props.email} /> });
    else if (provider.type === "credentials") groups.push({ node: <CredentialsForm page={page} provider={provider} /> });
    else groups.push({ node: <PasskeyForm page={page} provider={provider} />, passkey: provider });
  }
  flushButtons();
  const message = signinErrorMessage(t, props.error, props.code);
  // A hidden passkey block takes its "or" with it: the one before it, or, when it comes first, the
  // one after it. Otherwise a page whose passkeys are unusable would show a dangling divider.
  const firstCarriesNext = groups.length > 1 && groups[0]!.passkey !== undefined;
  return (
    <Card page={page} heading={t("signin.heading")} before={<Alert message={message} />}>
      {groups.map((group, index) => {
        const lead = index > 0 && !(index === 1 && firstCarriesNext) ? <Divider label={t("signin.or")} /> : null;
        const trail = index === 0 && firstCarriesNext ? <Divider label={t("signin.or")} /> : null;
        if (!group.passkey)
          return (
            <>
              {lead}
              {group.node}
            </>
          );
        return (
          <div id={`${group.passkey.id}-section`} class="passkey" data-passkey-section="" hidden>
            {lead}
            {group.node}
            {trail}
          </div>
        );
      })}
    </Card>
  );
}

function ProviderButton({ page, provider }: { page: PageContext; provider: PageProvider }) {
  const logo = provider.logo ? (provider.logo.asset ? `${page.authUrl}/assets/${provider.logo.src}` : provider.logo.src) : undefined;
  return (
    <form action={`${page.authUrl}/signin/${provider.id}`} method="post">
      <HiddenFields page={page} callbackUrl />
      <button type="submit" class={`button provider ${provider.className}`}>
        {logo ? <img src={logo} alt="" width={20} height={20} /> : null}
        <span>{page.t("signin.withProvider", provider.name)}</span>
      </button>
    </form>
  );
}

function EmailForm({ page, provider, email }: { page: PageContext; provider: PageProvider; email?: string }) {
  const id = `input-email-for-${provider.id}-provider`;
  return (
    <form action={`${page.authUrl}/signin/${provider.id}`} method="post">
      <HiddenFields page={page} />
      <div>
        <label for={id}>{page.t("signin.email.label")}</label>
        <input
          id={id}
          type="email"
          name="email"
          autocomplete="email"
          placeholder={page.t("signin.email.placeholder")}
          value={email ? email.slice(0, 320) : undefined}
          required
        />
      </div>
      <button type="submit" class="button">
        {page.t("signin.withProvider", provider.name)}
      </button>
    </form>
  );
}

function CredentialsForm({ page, provider }: { page: PageContext; provider: PageProvider }) {
  return (
    <form action={`${page.authUrl}/callback/${provider.id}`} method="post">
      <HiddenFields page={page} />
      {provider.fields.map((field) => (
        <Field provider={provider} field={field} label={field.label ?? field.name} />
      ))}
      <button type="submit" class="button">
        {page.t("signin.withProvider", provider.name)}
      </button>
    </form>
  );
}

/**
 * Error codes of the passkey client (ui/client/passkey.ts) → the message the page's script shows for
 * them. Rendered into the form as `data-error-<code>` attributes (lower case, as HTML keeps attribute
 * names), so the script carries no text and the page's locale and `messages` overrides apply.
 * `default` covers every other code.
 */
const PASSKEY_MESSAGES = {
  default: "passkey.error.default",
  Cancelled: "passkey.error.Cancelled",
  PasskeyExists: "passkey.error.PasskeyExists",
  WebAuthnVerificationError: "passkey.error.WebAuthnVerificationError",
  AccountNotLinked: "passkey.error.AccountNotLinked",
  InvalidRequest: "passkey.error.InvalidEmail",
  NetworkError: "signinError.NetworkError",
  RateLimited: "signinError.RateLimited",
} as const satisfies Record<string, MessageKey>;

/**
 * The passkey block. Its script (ui/pages/passkey-section.ts) reveals it when the browser has
 * WebAuthn: "Sign in with a passkey" (any passkey of this site, no e-mail needed, hence
 * `formnovalidate`), "Create account with a passkey" for the typed e-mail, passkeys in the field's
 * autofill, and failures in the form's own alert region. The ids are stable: end-to-end tests and
 * custom CSS rely on them.
 */
function PasskeyForm({ page, provider }: { page: PageContext; provider: PageProvider }) {
  const { t } = page;
  const messages: Record<string, string> = {};
  for (const [code, key] of Object.entries(PASSKEY_MESSAGES)) messages[`data-error-${code.toLowerCase()}`] = t(key);
  return (
    <form action={`${page.authUrl}/callback/${provider.id}`} method="post" id={`${provider.id}-form`} data-passkey-provider={provider.id} {...messages}>
      <HiddenFields page={page} callbackUrl />
      {provider.fields.map((field) => (
        <Field provider={provider} field={field} label={field.label ?? t("signin.email.label")} dataFormField />
      ))}
      <button type="submit" id={`submitButton-${provider.id}`} class="button" formNoValidate>
        {t("signin.passkey.button")}
      </button>
      <button type="submit" id={`registerButton-${provider.id}`} class="button secondary" data-passkey-action="register">
        {t("passkey.register.signup")}
      </button>
      <div id={`${provider.id}-alert`} class="alert" role="alert"></div>
    </form>
  );
}

function Field({ provider, field, label, dataFormField }: { provider: PageProvider; field: FieldView; label: string; dataFormField?: boolean }) {
  const id = `input-${field.name}-for-${provider.id}-provider`;
  return (
    <div>
      <label for={id}>{label}</label>
      <input {...(inputAttributes(id, field, dataFormField) as InputHTMLAttributes)} />
    </div>
  );
}

/** The input's attributes; undefined ones are left out by Preact. */
function inputAttributes(id: string, field: FieldView, dataFormField?: boolean): Record<string, unknown> {
  return {
    id,
    name: field.name,
    type: field.type,
    autocomplete: field.autocomplete,
    placeholder: field.placeholder,
    required: field.required,
    inputmode: field.inputmode,
    minLength: field.minlength,
    maxLength: field.maxlength,
    pattern: field.pattern,
    "data-form-field": dataFormField ? "" : undefined,
  };
}
