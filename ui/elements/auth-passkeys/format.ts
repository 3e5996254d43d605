/**
 * How `<auth-passkeys>` shows a passkey's dates and transports, in the element's locale. `Intl` does
 * the formatting, so the elements carry no date or list data of their own.
 */
import type { Translate } from "../../../locales/translator.js";
import type { MessageKey } from "../../../locales/types.js";

/**
 * Transports the list names (`AuthenticatorTransport`), by the catalogue key that names them. `cable`
 * is the older name of `hybrid`. Anything else an authenticator reports is left out rather than shown
 * raw: the text comes from the device, not from Foyer.
 */
const TRANSPORT_KEYS: Readonly<Record<string, MessageKey>> = {
  internal: "passkey.transport.internal",
  hybrid: "passkey.transport.hybrid",
  cable: "passkey.transport.hybrid",
  usb: "passkey.transport.usb",
  nfc: "passkey.transport.nfc",
  ble: "passkey.transport.ble",
  "smart-card": "passkey.transport.smart-card",
};

/** Runs `make` with the element's language tag, then with the catalogue's locale when `Intl` refuses the tag. */
function withLocale<T>(tags: readonly string[], make: (tag: string) => T): T | undefined {
  for (const tag of tags) {
    try {
      return make(tag);
    } catch {
      // RangeError: a tag Intl does not accept; try the next
    }
  }
  return undefined;
}

/** A date as the locale writes it (`3 Jan 2026`, `03.01.2026`), or `undefined` for a missing or invalid one. */
export function formatDate(iso: string | null, tags: readonly string[]): string | undefined {
  if (!iso) return undefined;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return undefined;
  return withLocale(tags, (tag) => new Intl.DateTimeFormat(tag, { dateStyle: "medium" }).format(date)) ?? date.toISOString().slice(0, 10);
}

/** The known transports in words, joined as the locale joins a list ("this device and USB"); `undefined` when none is known. */
export function formatTransports(transports: readonly string[], t: Translate, tags: readonly string[]): string | undefined {
  const keys = [...new Set(transports.flatMap((transport) => (Object.hasOwn(TRANSPORT_KEYS, transport) ? [TRANSPORT_KEYS[transport]!] : [])))];
  if (!keys.length) return undefined;
  const words = keys.map((key) => t(key) as string);
  return withLocale(tags, (tag) => new Intl.ListFormat(tag, { type: "conjunction" }).format(words)) ?? words.join(", ");
}
