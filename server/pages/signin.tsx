/**
 * The sign-in page: one block per provider kind, separated by "or", an alert for `?error=`, and
 * only the server's own CSRF token and resolved callback URL in its forms (never query values —
 * the upstream query-spread bug, R-REQ-14).
 */
import type { ComponentChildren, InputHTMLAttributes } from "preact";
import { signinErrorMessage } from "../../locales/index.js";
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

export function SignInPage({ page, props }: { page: PageContext; props: SignInProps }) {
  const { t } = page;
  const groups: ComponentChildren[] = [];
  let buttons: ComponentChildren[] = [];
  const flushButtons = () => {
    if (buttons.length) groups.push(<div class="providers">{buttons}</div>);
    buttons = [];
  };
  for (const provider of props.providers) {
    if (provider.type === "oauth" || provider.type === "oidc") {
      buttons.push(<ProviderButton page={page} provider={provider} />);
      continue;
    }
    flushButtons();
    if (provider.type === "email") groups.push(<EmailForm page={page} provider={provider} email={props.email} />);
    else if (provider.type === "credentials") groups.push(<CredentialsForm page={page} provider={provider} />);
    else groups.push(<PasskeyForm page={page} provider={provider} />);
  }
  flushButtons();
  const message = signinErrorMessage(t, props.error, props.code);
  return (
    <Card page={page} heading={t("signin.heading")} before={<Alert message={message} />}>
      {groups.map((group, index) => (
        <>
          {index > 0 ? <Divider label={t("signin.or")} /> : null}
          {group}
        </>
      ))}
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

/** The passkey entry point; its script (and so its behaviour) arrives with the passkey issue. */
function PasskeyForm({ page, provider }: { page: PageContext; provider: PageProvider }) {
  return (
    <form action={`${page.authUrl}/callback/${provider.id}`} method="post" id={`${provider.id}-form`} data-passkey-provider={provider.id}>
      <HiddenFields page={page} />
      {provider.fields.map((field) => (
        <Field provider={provider} field={field} label={field.label ?? page.t("signin.email.label")} dataFormField />
      ))}
      <button type="submit" id={`submitButton-${provider.id}`} class="button">
        {page.t("signin.passkey.button")}
      </button>
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
