/**
 * Neutral letter marks for catalogue providers whose brand simple-icons does not carry: a button
 * still gets a mark (the initial of the service's name) drawn in the button's text colour, instead
 * of a borrowed or redrawn brand logo. Only the providers listed here get one; a provider that is
 * neither here nor in logos.generated.ts shows its name alone, as before.
 */

/** Provider id → the letter shown (the initial of the service's name). */
export const LETTER_MARKS: Readonly<Record<string, string>> = {
  asgardeo: "A",
  "azure-ad": "A",
  "azure-ad-b2c": "A",
  "azure-devops": "A",
  "bankid-no": "B",
  beyondidentity: "B",
  "boxyhq-saml": "B",
  concept2: "C",
  descope: "D",
  "duende-identity-server6": "D",
  eventbrite: "E",
  eveonline: "E",
  freshbooks: "F",
  frontegg: "F",
  "identity-server4": "I",
  kinde: "K",
};

/** The letter-mark SVG of `providerId` in colour `#<fill>`, or `undefined` when it has none. */
export function letterMarkSvg(providerId: string, fill: string): string | undefined {
  const letter = Object.hasOwn(LETTER_MARKS, providerId) ? LETTER_MARKS[providerId] : undefined;
  if (!letter || !/^[A-Z0-9]$/.test(letter) || !/^[0-9a-f]{3,6}$/i.test(fill)) return undefined;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><title>${letter}</title>` +
    `<rect x="1" y="1" width="22" height="22" rx="5" fill="none" stroke="#${fill}" stroke-width="2"/>` +
    `<text x="12" y="17" text-anchor="middle" font-family="system-ui,sans-serif" font-size="14" font-weight="700" fill="#${fill}">${letter}</text></svg>`
  );
}
