/**
 * How each provider appears on the sign-in page, worked out once per config: which providers are
 * shown, their button colours and logos (validated like the theme), and the form fields of
 * credentials and WebAuthn providers (only known-safe input attributes pass through).
 */
import { InvalidConfiguration } from "../core/errors.js";
import type { CommonProviderOptions } from "../types.js";
import { parseColor, readableTextOn } from "../../theme/color.js";
import { bundledBrandColor, logoAssetPath, type LogoFill } from "./assets.js";
import { isSafeImageUrl } from "./theme.js";

export type FieldType = "text" | "password" | "email" | "tel" | "number" | "url" | "search";

export interface FieldView {
  name: string;
  /** The app's label; absent for Foyer's default WebAuthn e-mail field, which the page translates. */
  label?: string;
  type: FieldType;
  autocomplete?: string;
  placeholder?: string;
  required?: boolean;
  inputmode?: string;
  minlength?: number;
  maxlength?: number;
  pattern?: string;
}

export interface PageProvider {
  id: string;
  name: string;
  type: "oauth" | "oidc" | "email" | "credentials" | "webauthn";
  /** CSS class carrying the button colours (`p0`, `p1`, …). */
  className: string;
  /** A logo URL: absolute, a site path, or relative to `{basePath}/assets/` when `asset` is true. */
  logo?: { src: string; asset: boolean };
  /** Button colours of OAuth/OIDC providers with a brand colour (validated). */
  buttonColors?: { brand: string; text: string };
  fields: FieldView[];
}

export interface PageProviders {
  providers: PageProvider[];
  /** Button colour rules for the providers, appended to the page CSS. */
  css: string;
}

const INPUT_TYPES = new Set<string>(["text", "password", "email", "tel", "number", "url", "search"] satisfies FieldType[]);
const AUTOCOMPLETE = /^[a-z0-9 -]{1,64}$/i;
const INPUT_MODES = new Set(["none", "text", "decimal", "numeric", "tel", "search", "email", "url"]);

/** Default WebAuthn form fields, as Auth.js defines them. */
const WEBAUTHN_FIELDS = { email: { required: true, autocomplete: "username webauthn", type: "email" } };

export function preparePageProviders(providers: readonly CommonProviderOptions[]): PageProviders {
  const out: PageProvider[] = [];
  let css = "";
  for (const provider of providers) {
    const type = provider.type as PageProvider["type"];
    const shown =
      type === "oauth" ||
      type === "oidc" ||
      type === "email" ||
      (type === "credentials" && isRecord(provider.credentials)) ||
      (type === "webauthn" && provider.formFields !== null);
    if (!shown) continue;
    const className = `p${out.length}`;
    const view: PageProvider = { id: provider.id, name: String(provider.name ?? provider.id), type, className, fields: [] };
    if (type === "oauth" || type === "oidc") {
      const { brand, onBrand, logo, branded } = buttonStyle(provider);
      css += `.${className}{--auth-button-bg:${brand};--auth-button-text:${onBrand}}`;
      view.logo = logo;
      if (branded) view.buttonColors = { brand, text: onBrand };
    }
    if (type === "credentials") view.fields = fieldsOf(provider.id, provider.credentials as Record<string, unknown>);
    if (type === "webauthn") view.fields = fieldsOf(provider.id, (provider.formFields as Record<string, unknown> | undefined) ?? WEBAUTHN_FIELDS);
    out.push(view);
  }
  return { providers: out, css };
}

function buttonStyle(provider: CommonProviderOptions): { brand: string; onBrand: string; branded: boolean; logo?: PageProvider["logo"] } {
  const style = isRecord(provider.style) ? provider.style : {};
  const candidate = (style.brandColor ?? style.bg ?? bundledBrandColor(provider.id)) as unknown;
  let brand = "var(--auth-color-surface)";
  let onBrand = "var(--auth-color-text)";
  if (candidate !== undefined) {
    const parsed = parseColor(candidate);
    if (!parsed) {
      throw new InvalidConfiguration(
        `Provider "${provider.id}": style.brandColor must be a CSS colour written as #hex, rgb(), hsl() or oklch(); got ${JSON.stringify(String(candidate).slice(0, 80))}.`,
      );
    }
    brand = String(candidate).trim();
    onBrand = readableTextOn(parsed);
  }
  if (style.logo !== undefined) {
    if (!isSafeImageUrl(style.logo)) {
      throw new InvalidConfiguration(`Provider "${provider.id}": style.logo must be an https: URL, a site path starting with "/", or a base64 data:image URL.`);
    }
    return { brand, onBrand, branded: candidate !== undefined, logo: { src: style.logo, asset: false } };
  }
  const fill: LogoFill = onBrand === "#000" ? "000" : "fff";
  const asset = candidate === undefined ? undefined : logoAssetPath(provider.id, fill);
  return { brand, onBrand, branded: candidate !== undefined, logo: asset ? { src: asset, asset: true } : undefined };
}

/**
 * A field's label; `undefined` means "the page translates it". That is the case for the default
 * WebAuthn e-mail field, whether it comes from this module or from the provider factories, which
 * label it "Email" in English as Auth.js does: a visitor reading German should not see English.
 */
function fieldLabel(name: string, label: unknown, definitions: Record<string, unknown>): string | undefined {
  const isDefaultEmail = name === "email" && (definitions === WEBAUTHN_FIELDS || (label === "Email" && Object.keys(definitions).length === 1));
  if (isDefaultEmail) return undefined;
  return typeof label === "string" ? label : name;
}

function fieldsOf(providerId: string, definitions: Record<string, unknown>): FieldView[] {
  return Object.entries(definitions).map(([name, raw]) => {
    const definition = isRecord(raw) ? raw : {};
    const type = (typeof definition.type === "string" && INPUT_TYPES.has(definition.type) ? definition.type : "text") as FieldType;
    const field: FieldView = { name, label: fieldLabel(name, definition.label, definitions), type };
    const autocomplete = definition.autocomplete ?? definition.autoComplete ?? defaultAutocomplete(name, type);
    if (typeof autocomplete === "string" && AUTOCOMPLETE.test(autocomplete)) field.autocomplete = autocomplete;
    if (typeof definition.placeholder === "string") field.placeholder = definition.placeholder;
    if (definition.required === true) field.required = true;
    const inputmode = definition.inputmode ?? definition.inputMode;
    if (typeof inputmode === "string" && INPUT_MODES.has(inputmode)) field.inputmode = inputmode;
    for (const [key, attr] of [
      ["minLength", "minlength"],
      ["maxLength", "maxlength"],
    ] as const) {
      const value = definition[key] ?? definition[attr];
      if (Number.isInteger(value) && (value as number) >= 0) field[attr] = value as number;
    }
    if (typeof definition.pattern === "string") field.pattern = definition.pattern;
    if (!/^[\w.-]{1,64}$/.test(name)) {
      throw new InvalidConfiguration(`Provider "${providerId}": credential field names must be letters, digits, "_", "-" or "."; got ${JSON.stringify(name)}.`);
    }
    return field;
  });
}

/** What password managers need when the app did not say (`current-password`, `email`, `username webauthn`). */
function defaultAutocomplete(name: string, type: string): string | undefined {
  if (type === "password") return "current-password";
  if (type === "email" || name === "email") return "email";
  if (name === "username") return "username";
  if (type === "tel") return "tel";
  return undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
