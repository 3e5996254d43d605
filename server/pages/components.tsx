/**
 * Building blocks shared by the four pages. Pure functions of their props: no I/O, no globals.
 */
import type { ComponentChildren } from "preact";
import type { PageContext } from "./context.js";

/** The page frame: one card with the optional brand header (logo and app name) and the page heading. */
export function Card(props: { page: PageContext; heading: string; children?: ComponentChildren; before?: ComponentChildren }) {
  const { page, heading, children, before } = props;
  return (
    <main class="card" aria-labelledby="heading">
      {page.theme.logo || page.theme.appName ? (
        <div class="brand">
          {page.theme.logo ? <img class="logo" src={page.theme.logo} alt="" /> : null}
          {page.theme.appName ? <span class="app-name">{page.theme.appName}</span> : null}
        </div>
      ) : null}
      <h1 id="heading">{heading}</h1>
      {before}
      {children}
    </main>
  );
}

/** Hidden fields every form posts: the CSRF token, and the callback URL where Auth.js posts it. */
export function HiddenFields(props: { page: PageContext; callbackUrl?: boolean }) {
  return (
    <>
      <input type="hidden" name="csrfToken" value={props.page.csrfToken} />
      {props.callbackUrl ? <input type="hidden" name="callbackUrl" value={props.page.callbackUrl} /> : null}
    </>
  );
}

/** An error announced to assistive technology; `id` lets invalid fields point at it. */
export function Alert(props: { message?: string; id?: string }) {
  return props.message ? (
    <div class="alert" role="alert" id={props.id}>
      {props.message}
    </div>
  ) : null;
}

/** The "or" between groups of sign-in choices. */
export function Divider(props: { label: string }) {
  return <div class="divider">{props.label}</div>;
}
