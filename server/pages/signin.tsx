/**
 * The sign-in page: one surface, the same structure as `<auth-signin>`. OAuth/OIDC buttons first,
 * one "or", then ONE form around ONE e-mail field that every e-mail-based method shares (a
 * credentials provider with a field named `email`, the magic-link provider, passkeys). The form has
 * exactly one primary button ("Continue"); the other methods are secondary buttons of the same form
 * whose `formaction` posts the same fields elsewhere, so every method works without JavaScript
 * (passkeys aside, which need it and stay hidden without it). Credentials providers without an
 * e-mail field keep forms of their own. Forms carry only the server's own CSRF token and resolved
 * callback URL, never query values.
 */
import type { ComponentChildren, InputHTMLAttributes } from "preact";
import { signinErrorMessage, type MessageKey, type Translate } from "../../locales/index.js";
import { Alert, Card, Divider, HiddenFields } from "./components.js";
import type { PageContext } from "./context.js";
import type { FieldView, PageProvider } from "./providers.js";

export interface SignInProps {
  providers: PageProvider[];
  error?: string;
  code?: string;
  /** Pre-fills the e-mail field (`?email=`, or the address of a failed credentials sign-in). */
  email?: string;
}

/** The id of the alert; invalid fields point at it with `aria-describedby`. */
const ERROR_ID = "signin-error";
/** The shared e-mail field's id. */
const EMAIL_ID = "input-email";
/** More OAuth buttons than this are laid out in two columns. */
const ONE_COLUMN_MAX = 3;

/** A credentials provider whose identifier is an e-mail: it has a field named `email`. */
const usesEmail = (provider: PageProvider) => provider.fields.some((field) => field.name === "email");

/** The provider's name as the app translated it (`signin.provider.<id>`), else its configured name. */
export const providerName = (t: Translate, provider: PageProvider) => t(`signin.provider.${provider.id}`) ?? provider.name;

export function SignInPage({ page, props }: { page: PageContext; props: SignInProps }) {
  const { t } = page;
  const { providers } = props;
  const oauth = providers.filter((provider) => provider.type === "oauth" || provider.type === "oidc");
  const credentials = providers.filter((provider) => provider.type === "credentials");
  const shared: SharedMethods = {
    credentials: credentials.find(usesEmail),
    email: providers.find((provider) => provider.type === "email"),
    passkey: providers.find((provider) => provider.type === "webauthn"),
  };
  const others = credentials.filter((provider) => provider !== shared.credentials);
  const message = signinErrorMessage(t, props.error, props.code);
  const invalid = props.error === "CredentialsSignin" && message !== undefined;
  const hasShared = !!(shared.credentials || shared.email || shared.passkey);
  // Without a non-passkey method in it, the shared form is the passkey block: hidden until the
  // passkey script shows it, together with its "or" (a page without usable passkeys shows no dangling divider).
  const passkeyOnly = hasShared && !shared.credentials && !shared.email;

  const blocks: ComponentChildren[] = [];
  let skipLead = false;
  const divider = () => (blocks.length ? <Divider label={t("signin.or")} /> : null);
  if (oauth.length)
    blocks.push(
      <div class={oauth.length > ONE_COLUMN_MAX ? "providers many" : "providers"}>
        {oauth.map((provider) => (
          <ProviderButton page={page} provider={provider} />
        ))}
      </div>,
    );
  if (hasShared) {
    const lead = divider();
    // Hidden passkeys first on the page take the "or" after them along instead.
    const trail = passkeyOnly && !lead && others.length ? <Divider label={t("signin.or")} /> : null;
    skipLead = !!trail;
    blocks.push(
      passkeyOnly ? (
        <SharedForm page={page} methods={shared} lead={lead} trail={trail} invalid={false} />
      ) : (
        <>
          {lead}
          <SharedForm page={page} methods={shared} email={props.email} invalid={invalid} />
        </>
      ),
    );
  }
  others.forEach((provider, index) => {
    const lead = skipLead && index === 0 ? null : divider();
    // The first of them carries the primary button when no shared form does (a passkey-only one is hidden without JavaScript).
    const primary = index === 0 && (!hasShared || passkeyOnly);
    blocks.push(
      <>
        {lead}
        <CredentialsForm page={page} provider={provider} primary={primary} invalid={invalid} />
      </>,
    );
  });
  return (
    <Card page={page} heading={t("signin.heading")} before={<Alert message={message} id={ERROR_ID} />}>
      {blocks}
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
        <span>{page.t("signin.withProvider", providerName(page.t, provider))}</span>
      </button>
    </form>
  );
}

interface SharedMethods {
  credentials?: PageProvider;
  email?: PageProvider;
  passkey?: PageProvider;
}

/**
 * The form of the e-mail-based methods. Its own `action` is the primary method's: credentials
 * (`{basePath}/callback/<id>`), else the e-mail link (`{basePath}/signin/<id>`), else passkeys.
 * Secondary methods override it with `formaction`; those that must not wait for the password the
 * browser requires get `formnovalidate` (the server validates the address anyway).
 */
function SharedForm(props: {
  page: PageContext;
  methods: SharedMethods;
  email?: string;
  invalid: boolean;
  lead?: ComponentChildren;
  trail?: ComponentChildren;
}) {
  const { page, methods, email, invalid } = props;
  const { t, authUrl } = page;
  const { credentials, passkey } = methods;
  const link = methods.email;
  const linkUrl = link && `${authUrl}/signin/${link.id}`;
  const passkeyUrl = passkey && `${authUrl}/callback/${passkey.id}`;
  const action = credentials ? `${authUrl}/callback/${credentials.id}` : (linkUrl ?? passkeyUrl);
  // After a failed credentials sign-in the credentials' fields are marked and described by the alert.
  const marked = invalid && !!credentials;
  const otherFields = credentials?.fields.filter((field) => field.name !== "email") ?? [];
  const needsMore = otherFields.some((field) => field.required);
  const emailField: FieldView = {
    name: "email",
    type: "email",
    autocomplete: passkey ? "username webauthn" : "email",
    placeholder: t("signin.email.placeholder"),
    required: true,
    maxlength: 320,
  };
  const passkeyAttributes = passkey ? passkeyFormAttributes(t, passkey) : {};
  const content = (
    <>
      {props.lead}
      <Field
        id={EMAIL_ID}
        field={emailField}
        label={(credentials && t(`signin.field.${credentials.id}.email`)) ?? ownEmailLabel(credentials ?? passkey) ?? t("signin.email.label")}
        value={email ? email.slice(0, 320) : undefined}
        invalid={marked}
        dataFormField={!!passkey}
      />
      {credentials ? otherFields.map((field) => <CredentialField t={t} provider={credentials} field={field} invalid={marked} />) : null}
      {passkey && !credentials && !link ? (
        <PasskeyButtons t={t} passkey={passkey} url={passkeyUrl!} primary />
      ) : (
        <>
          <button type="submit" class="button">
            {t("signin.continue")}
          </button>
          {credentials && link ? (
            <button type="submit" class="button secondary" formAction={linkUrl} formNoValidate={needsMore}>
              {t("signin.emailLink")}
            </button>
          ) : null}
          {passkey ? (
            <div id={`${passkey.id}-section`} class="passkey" data-passkey-section="" hidden>
              <PasskeyButtons t={t} passkey={passkey} url={passkeyUrl!} skipValidation={needsMore} />
            </div>
          ) : null}
        </>
      )}
      {props.trail}
    </>
  );
  return (
    <form action={action} method="post" {...passkeyAttributes}>
      {/* The callback URL only where the passkey script needs it: e-mail and credentials use the callback-url cookie, as in Auth.js. */}
      <HiddenFields page={page} callbackUrl={!!passkey} />
      {/* Passkeys alone: everything, with the "or" before it, stays hidden until the passkey script shows it. */}
      {props.lead !== undefined ? (
        <div id={`${passkey!.id}-section`} class="passkey" data-passkey-section="" hidden>
          {content}
        </div>
      ) : (
        content
      )}
    </form>
  );
}

/**
 * The app's own label of the e-mail field it shares, unless it is the generic English "Email", which
 * the page says in its own language (as it does for the WebAuthn factories' default field).
 */
function ownEmailLabel(provider: PageProvider | undefined): string | undefined {
  const label = provider?.fields.find((field) => field.name === "email")?.label;
  return label === "Email" ? undefined : label;
}

/**
 * "Use a passkey" (any passkey of this site, no e-mail needed) and "Create account with a passkey"
 * (for the typed address; the browser checks it, unless a required password of the same form must
 * not hold the button up — then the server does), with the alert their script fills. The script (ui/pages/passkey-section.ts)
 * handles the submissions whose target is the passkey callback; their ids are stable, as end-to-end
 * tests and custom CSS rely on them.
 */
function PasskeyButtons(props: { t: Translate; passkey: PageProvider; url: string; primary?: boolean; skipValidation?: boolean }) {
  const { t, passkey, url, primary } = props;
  return (
    <>
      <button
        type="submit"
        id={`submitButton-${passkey.id}`}
        class={primary ? "button" : "button secondary"}
        formAction={url}
        formNoValidate
        data-passkey-action="signin"
      >
        {t("signin.passkey.use")}
      </button>
      <button
        type="submit"
        id={`registerButton-${passkey.id}`}
        class="button secondary"
        formAction={url}
        formNoValidate={props.skipValidation}
        data-passkey-action="register"
      >
        {t("passkey.register.signup")}
      </button>
      <div id={`${passkey.id}-alert`} class="alert" role="alert"></div>
    </>
  );
}

/** A credentials provider without an e-mail field: its own form and fields. */
function CredentialsForm({ page, provider, primary, invalid }: { page: PageContext; provider: PageProvider; primary: boolean; invalid: boolean }) {
  const { t } = page;
  return (
    <form action={`${page.authUrl}/callback/${provider.id}`} method="post">
      <HiddenFields page={page} />
      {provider.fields.map((field) => (
        <CredentialField t={t} provider={provider} field={field} invalid={invalid} />
      ))}
      <button type="submit" class={primary ? "button" : "button secondary"}>
        {primary ? t("signin.continue") : credentialsLabel(t, provider)}
      </button>
    </form>
  );
}

/**
 * A secondary credentials button names the provider as the app does ("Sign in with Acme account");
 * Auth.js's default name, "Credentials", means nothing to a visitor, so such a provider just says "Continue".
 */
function credentialsLabel(t: Translate, provider: PageProvider): string {
  const name = t(`signin.provider.${provider.id}`) ?? (provider.name === "Credentials" ? undefined : provider.name);
  return name ? t("signin.withProvider", name) : t("signin.continue");
}

function CredentialField({ t, provider, field, invalid }: { t: Translate; provider: PageProvider; field: FieldView; invalid: boolean }) {
  const label = t(`signin.field.${provider.id}.${field.name}`) ?? field.label ?? field.name;
  return <Field id={`input-${field.name}-for-${provider.id}-provider`} field={field} label={label} invalid={invalid} />;
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

/** What the passkey script finds on the form: its provider and its messages. */
function passkeyFormAttributes(t: Translate, passkey: PageProvider): Record<string, string> {
  const attributes: Record<string, string> = {
    id: `${passkey.id}-form`,
    "data-passkey-provider": passkey.id,
  };
  for (const [code, key] of Object.entries(PASSKEY_MESSAGES)) attributes[`data-error-${code.toLowerCase()}`] = t(key);
  return attributes;
}

interface FieldProps {
  id: string;
  field: FieldView;
  label: string;
  value?: string;
  invalid?: boolean;
  dataFormField?: boolean;
}

function Field({ id, field, label, value, invalid, dataFormField }: FieldProps) {
  return (
    <div class="field">
      <label for={id}>{label}</label>
      <input {...(inputAttributes(id, field, value, invalid, dataFormField) as InputHTMLAttributes)} />
    </div>
  );
}

/** The input's attributes; undefined ones are left out by Preact. A password is never pre-filled. */
function inputAttributes(id: string, field: FieldView, value?: string, invalid?: boolean, dataFormField?: boolean): Record<string, unknown> {
  return {
    id,
    name: field.name,
    type: field.type,
    value: field.type === "password" ? undefined : value,
    autocomplete: field.autocomplete,
    placeholder: field.placeholder,
    required: field.required,
    inputmode: field.inputmode,
    minLength: field.minlength,
    maxLength: field.maxlength,
    pattern: field.pattern,
    "aria-invalid": invalid ? "true" : undefined,
    "aria-describedby": invalid ? ERROR_ID : undefined,
    "data-form-field": dataFormField ? "" : undefined,
  };
}
