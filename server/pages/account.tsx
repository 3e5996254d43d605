/**
 * The hosted account page (`GET {basePath}/account`): profile, sessions, passkeys, connected accounts
 * and, when turned on, account deletion. Plain HTML forms posting to `{basePath}/account/form/…`, so it
 * works without JavaScript; destructive actions ask first through `<details>` (no script needed).
 * A pure function of its props, like every page: the route gathers the data (server/account/page.ts).
 */
import type { AccountTranslate } from "../../locales/account.js";
import type { PageContext } from "./context.js";

/** A session row as the page shows it. */
export interface AccountSessionView {
  id: string;
  current: boolean;
  browser: string | null;
  os: string | null;
  lastSeenAt: string | null;
  createdAt: string | null;
}

/** A passkey row as the page shows it. */
export interface AccountPasskeyView {
  id: string;
  name: string | null;
  transports: string[];
  deviceType: "singleDevice" | "multiDevice";
  lastUsedAt: string | null;
}

export interface AccountPageProps {
  a: AccountTranslate;
  user: { name: string | null; email: string | null; image: string | null };
  /** A success code (`?status=`), already checked against the catalogue's keys. */
  status?: string;
  /** An error code (`?error=`), already checked. */
  error?: string;
  /** `null` when this server cannot list sessions. */
  sessions: AccountSessionView[] | null;
  passkeys: { items: AccountPasskeyView[]; canRemove: boolean } | null;
  accounts: { items: { provider: string; name: string; providerAccountId: string; canUnlink: boolean }[]; available: { id: string; name: string }[] } | null;
  /** The confirmation word for deletion (the e-mail address), or `undefined` when deletion is off. */
  deleteWord?: string;
}

/** Dates in the page's locale (the server's time zone, UTC on most hosts: said in the text). */
function formatDate(value: string | null, locale: string): string | null {
  if (!value) return null;
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(new Date(value)) + " UTC";
  } catch {
    return null;
  }
}

/** A passkey's name: the user's (or its provider's, given at registration), else what its transports say it is. */
export function passkeyLabel(a: AccountTranslate, passkey: Pick<AccountPasskeyView, "name" | "transports" | "deviceType">, unnamed: string): string {
  if (passkey.name?.trim()) return passkey.name.trim();
  if (passkey.transports.length && passkey.transports.every((t) => t === "usb" || t === "nfc" || t === "ble")) return a("account.passkeys.securityKey");
  if (passkey.deviceType === "multiDevice") return a("account.passkeys.synced");
  return unnamed;
}

function Csrf({ page }: { page: PageContext }) {
  return <input type="hidden" name="csrfToken" value={page.csrfToken} />;
}

/** A small form with hidden fields and one button. */
function ActionForm(props: { page: PageContext; route: string; fields: Record<string, string>; label: string; className?: string; describedBy?: string }) {
  const { page, route, fields, label, className = "button secondary small", describedBy } = props;
  return (
    <form method="post" action={`${page.authUrl}/account/form/${route}`} class="inline">
      <Csrf page={page} />
      {Object.entries(fields).map(([name, value]) => (
        <input type="hidden" name={name} value={value} />
      ))}
      <button type="submit" class={className} aria-describedby={describedBy}>
        {label}
      </button>
    </form>
  );
}

function Profile({ page, props }: { page: PageContext; props: AccountPageProps }) {
  const { a, user } = props;
  return (
    <section id="profile" aria-labelledby="profile-heading">
      <h2 id="profile-heading">{a("account.profile.heading")}</h2>
      <div class="identity">
        {user.image ? (
          <img class="avatar" src={user.image} alt="" width={48} height={48} />
        ) : (
          <span class="avatar initials" aria-hidden="true">
            {(user.name || user.email || "?").trim().charAt(0).toUpperCase()}
          </span>
        )}
        <div>
          <div class="strong">{user.name || user.email}</div>
          <div class="muted-text">{user.email ?? a("account.profile.noEmail")}</div>
        </div>
      </div>
      <form method="post" action={`${page.authUrl}/account/form/profile`} class="stack">
        <Csrf page={page} />
        <div>
          <label for="account-name">{a("account.profile.name")}</label>
          <input id="account-name" name="name" type="text" autocomplete="name" maxlength={100} value={user.name ?? ""} />
        </div>
        <div>
          <label for="account-image">{a("account.profile.image")}</label>
          <input
            id="account-image"
            name="image"
            type="url"
            inputmode="url"
            autocomplete="photo"
            value={user.image ?? ""}
            aria-describedby="account-image-hint"
          />
          <p id="account-image-hint" class="hint">
            {a("account.profile.imageHint")}
          </p>
        </div>
        <div>
          <label for="account-email">{a("account.profile.email")}</label>
          <input id="account-email" type="email" value={user.email ?? ""} readOnly aria-readonly="true" />
        </div>
        <button type="submit" class="button">
          {a("account.profile.save")}
        </button>
      </form>
    </section>
  );
}

function Sessions({ page, props }: { page: PageContext; props: AccountPageProps }) {
  const { a } = props;
  if (!props.sessions) return null;
  const others = props.sessions.filter((session) => !session.current);
  const ordered = [...props.sessions].sort((x, y) => Number(y.current) - Number(x.current));
  return (
    <section id="sessions" aria-labelledby="sessions-heading">
      <h2 id="sessions-heading">{a("account.sessions.heading")}</h2>
      <ul class="rows">
        {ordered.map((session, index) => {
          const device =
            session.browser && session.os
              ? a("account.sessions.device", session.browser, session.os)
              : (session.browser ?? session.os ?? a("account.sessions.unknownDevice"));
          const seen = formatDate(session.lastSeenAt ?? session.createdAt, page.locale);
          const id = `session-${index}`;
          return (
            <li class="row">
              <div class="row-main">
                <span class="strong" id={id}>
                  {device}
                </span>
                {session.current ? <span class="badge">{a("account.sessions.thisDevice")}</span> : null}
                {seen ? <div class="muted-text small">{a("account.sessions.lastSeen", seen)}</div> : null}
              </div>
              {session.current ? null : (
                <ActionForm page={page} route="sessions/revoke" fields={{ id: session.id }} label={a("account.sessions.revoke")} describedBy={id} />
              )}
            </li>
          );
        })}
      </ul>
      {others.length ? (
        <ActionForm page={page} route="sessions/revoke-others" fields={{}} label={a("account.sessions.revokeOthers")} className="button secondary" />
      ) : (
        <p class="empty">{a("account.sessions.empty")}</p>
      )}
    </section>
  );
}

function Passkeys({ page, props }: { page: PageContext; props: AccountPageProps }) {
  const { a } = props;
  if (!props.passkeys) return null;
  const { items, canRemove } = props.passkeys;
  return (
    <section id="passkeys" aria-labelledby="passkeys-heading">
      <h2 id="passkeys-heading">{a("account.passkeys.heading")}</h2>
      {items.length === 0 ? <p class="empty">{page.t("passkey.list.empty")}</p> : null}
      {canRemove || items.length === 0 ? null : (
        <p class="note" id="passkeys-note">
          {page.t("passkey.error.LastSignInMethod")}
        </p>
      )}
      <ul class="rows">
        {items.map((passkey, index) => {
          const name = passkeyLabel(a, passkey, page.t("passkey.list.unnamed"));
          const used = formatDate(passkey.lastUsedAt, page.locale);
          const id = `passkey-${index}`;
          return (
            <li class="row wrap">
              <div class="row-main">
                <span class="strong" id={id}>
                  {name}
                </span>
                <div class="muted-text small">{used ? page.t("passkey.list.lastUsed", used) : page.t("passkey.list.neverUsed")}</div>
              </div>
              <div class="row-actions">
                <details class="disclosure">
                  <summary class="button secondary small">{page.t("passkey.list.rename")}</summary>
                  <form method="post" action={`${page.authUrl}/account/form/passkeys/rename`} class="stack panel">
                    <Csrf page={page} />
                    <input type="hidden" name="id" value={passkey.id} />
                    <label for={`${id}-name`}>{page.t("passkey.list.name")}</label>
                    <input id={`${id}-name`} name="name" type="text" required maxlength={64} value={passkey.name ?? ""} autocomplete="off" />
                    <button type="submit" class="button small">
                      {page.t("passkey.list.save")}
                    </button>
                  </form>
                </details>
                {canRemove ? (
                  <details class="disclosure">
                    <summary class="button danger-outline small">{page.t("passkey.list.remove")}</summary>
                    <div class="panel danger-panel">
                      <p>{page.t("passkey.list.confirmRemove", name)}</p>
                      <ActionForm
                        page={page}
                        route="passkeys/remove"
                        fields={{ id: passkey.id }}
                        label={page.t("passkey.list.remove")}
                        className="button danger small"
                        describedBy={id}
                      />
                    </div>
                  </details>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function Accounts({ page, props }: { page: PageContext; props: AccountPageProps }) {
  const { a } = props;
  if (!props.accounts) return null;
  const { items, available } = props.accounts;
  if (items.length === 0 && available.length === 0) return null;
  return (
    <section id="accounts" aria-labelledby="accounts-heading">
      <h2 id="accounts-heading">{a("account.accounts.heading")}</h2>
      {items.length === 0 ? <p class="empty">{a("account.accounts.empty")}</p> : null}
      <ul class="rows">
        {items.map((account, index) => (
          <li class="row">
            <div class="row-main">
              <span class="strong" id={`account-${index}`}>
                {account.name}
              </span>
              {account.canUnlink ? null : <div class="muted-text small">{a("account.accounts.lastWayIn")}</div>}
            </div>
            {account.canUnlink ? (
              <ActionForm
                page={page}
                route="accounts/unlink"
                fields={{ provider: account.provider, providerAccountId: account.providerAccountId }}
                label={a("account.accounts.unlink")}
                describedBy={`account-${index}`}
              />
            ) : null}
          </li>
        ))}
      </ul>
      {available.length ? (
        <div class="links">
          {available.map((provider) => (
            <form method="post" action={`${page.authUrl}/signin/${encodeURIComponent(provider.id)}`} class="inline">
              <Csrf page={page} />
              <input type="hidden" name="callbackUrl" value={`${page.authUrl}/account#accounts`} />
              <button type="submit" class="button secondary small">
                {a("account.accounts.link", provider.name)}
              </button>
            </form>
          ))}
        </div>
      ) : null}
    </section>
  );
}

function Danger({ page, props }: { page: PageContext; props: AccountPageProps }) {
  const { a, deleteWord } = props;
  if (!deleteWord) return null;
  return (
    <section id="danger" aria-labelledby="danger-heading" class="danger-zone">
      <h2 id="danger-heading">{a("account.danger.heading")}</h2>
      <p>{a("account.danger.explain")}</p>
      <details class="disclosure">
        <summary class="button danger-outline">{a("account.danger.delete")}</summary>
        <form method="post" action={`${page.authUrl}/account/form/delete`} class="stack panel danger-panel">
          <Csrf page={page} />
          <p class="hint">{a("account.danger.recent")}</p>
          <label for="account-delete-confirm">{a("account.danger.confirmLabel", deleteWord)}</label>
          <input id="account-delete-confirm" name="confirm" type="text" required autocomplete="off" spellcheck={false} />
          <button type="submit" class="button danger">
            {a("account.danger.delete")}
          </button>
        </form>
      </details>
    </section>
  );
}

export function AccountPage({ page, props }: { page: PageContext; props: AccountPageProps }) {
  const { a } = props;
  return (
    <main class="card account" aria-labelledby="heading">
      {page.theme.logo ? <img class="logo" src={page.theme.logo} alt="" /> : null}
      <h1 id="heading">{a("account.heading")}</h1>
      <div class="live">
        {props.error ? (
          <div class="alert" role="alert">
            {a(`account.error.${props.error}` as never)}
          </div>
        ) : null}
        <p class="status" role="status">
          {props.status ? a(`account.status.${props.status}` as never) : ""}
        </p>
      </div>
      <Profile page={page} props={props} />
      <Sessions page={page} props={props} />
      <Passkeys page={page} props={props} />
      <Accounts page={page} props={props} />
      <Danger page={page} props={props} />
    </main>
  );
}
