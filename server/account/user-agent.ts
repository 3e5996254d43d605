/**
 * A device name from a `User-Agent` header: the browser and the operating system ("Chrome",
 * "macOS"), enough for a person to recognise their own sessions. Deliberately small: it knows the
 * browsers and systems people sign in from and answers `null` for the rest, instead of guessing.
 *
 * Order matters: most browsers also claim to be Safari or Chrome (Edge says "Chrome … Edg/", Opera
 * "Chrome … OPR/", every iOS browser "Safari"), so the more specific tokens are tried first.
 */

/** What a user agent says about the device. Each part is `null` when it cannot be told. */
export interface DeviceInfo {
  /** "Chrome", "Safari", "Firefox", "Edge", … */
  browser: string | null;
  /** "macOS", "Windows", "iOS", "Android", "Linux", … */
  os: string | null;
}

/** Browser tokens, most specific first. */
const BROWSERS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, "Edge"],
  [/\b(?:OPR|Opera|OPiOS)\//, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bYaBrowser\//, "Yandex Browser"],
  [/\bVivaldi\//, "Vivaldi"],
  [/\b(?:Firefox|FxiOS)\//, "Firefox"],
  [/\bCriOS\//, "Chrome"],
  [/\bElectron\//, "Electron"],
  [/\b(?:Headless)?Chrom(?:e|ium)\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
  [/\b(?:iPhone|iPad)\b.*\bAppleWebKit\//, "Safari"],
];

/** Systems, most specific first (Android says "Linux", iPadOS may say "Macintosh"). */
const SYSTEMS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\b(?:iPhone|iPad|iPod)\b/, "iOS"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bUbuntu\b/, "Ubuntu"],
  [/\bLinux\b/, "Linux"],
];

/** Longer headers are not user agents a person uses; cut before matching, so a huge one costs nothing. */
const MAX_LENGTH = 512;

function first(table: ReadonlyArray<readonly [RegExp, string]>, ua: string): string | null {
  for (const [pattern, name] of table) if (pattern.test(ua)) return name;
  return null;
}

/** The browser and system named by `userAgent`; both `null` for an empty or unknown one. */
export function parseUserAgent(userAgent: string | null | undefined): DeviceInfo {
  if (typeof userAgent !== "string" || !userAgent) return { browser: null, os: null };
  const ua = userAgent.slice(0, MAX_LENGTH);
  return { browser: first(BROWSERS, ua), os: first(SYSTEMS, ua) };
}
