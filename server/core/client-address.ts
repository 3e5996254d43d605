/**
 * The client's network address, for rate limits. Only what the client cannot forge counts: the
 * socket's peer address, which an integration that owns the socket (foyer-auth/node, Express) attaches
 * to the request it builds, and `X-Forwarded-For` entries added by proxies the app declared trusted.
 * A header the client sends itself never names the client unless a trusted proxy wrote it.
 *
 * Addresses are grouped before they are counted: an IPv4 address stands alone, an IPv6 address counts
 * as its /64 (one customer's network: anyone with one IPv6 address usually has 2^64 of them).
 */

const peers = new WeakMap<Request, string>();

/** Marks `address` as the socket peer of `request` (for integrations that own the socket). */
export function setPeerAddress(request: Request, address: string | undefined): void {
  if (address) peers.set(request, address);
}

/** The socket peer attached by {@link setPeerAddress}, if any. */
export function peerAddressOf(request: Request): string | undefined {
  return peers.get(request);
}

/** An address as 16 bytes (IPv4 as IPv4-mapped IPv6), or `undefined` when it is not one. */
export function parseAddress(text: string): Uint8Array | undefined {
  let value = text.trim();
  if (value.startsWith("[")) value = value.slice(1, value.indexOf("]"));
  const zone = value.indexOf("%");
  if (zone !== -1) value = value.slice(0, zone);
  if (value.includes(":")) return parseIPv6(value);
  const v4 = parseIPv4(value);
  if (!v4) return undefined;
  const bytes = new Uint8Array(16);
  bytes[10] = 0xff;
  bytes[11] = 0xff;
  bytes.set(v4, 12);
  return bytes;
}

function parseIPv4(text: string): Uint8Array | undefined {
  const parts = text.split(".");
  if (parts.length !== 4) return undefined;
  const bytes = new Uint8Array(4);
  for (let i = 0; i < 4; i++) {
    if (!/^\d{1,3}$/.test(parts[i]!)) return undefined;
    const n = Number(parts[i]);
    if (n > 255) return undefined;
    bytes[i] = n;
  }
  return bytes;
}

function parseIPv6(text: string): Uint8Array | undefined {
  const halves = text.split("::");
  if (halves.length > 2) return undefined;
  const groups = (half: string): number[] | undefined => {
    if (half === "") return [];
    const out: number[] = [];
    const parts = half.split(":");
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i]!;
      if (i === parts.length - 1 && part.includes(".")) {
        const v4 = parseIPv4(part);
        if (!v4) return undefined;
        out.push((v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!);
      } else {
        if (!/^[0-9a-f]{1,4}$/i.test(part)) return undefined;
        out.push(parseInt(part, 16));
      }
    }
    return out;
  };
  const head = groups(halves[0]!);
  const tail = halves.length === 2 ? groups(halves[1]!) : [];
  if (!head || !tail) return undefined;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return undefined;
  const all = [...head, ...new Array<number>(missing).fill(0), ...tail];
  const bytes = new Uint8Array(16);
  all.forEach((group, i) => {
    bytes[i * 2] = group >> 8;
    bytes[i * 2 + 1] = group & 0xff;
  });
  return bytes;
}

function isMappedIPv4(bytes: Uint8Array): boolean {
  for (let i = 0; i < 10; i++) if (bytes[i] !== 0) return false;
  return bytes[10] === 0xff && bytes[11] === 0xff;
}

/**
 * The bucket an address is counted in: `"4:a.b.c.d"` for IPv4 (and IPv4-mapped IPv6), `"6:<first 64
 * bits in hex>"` for IPv6; `undefined` when `text` is no address.
 */
export function addressGroup(text: string): string | undefined {
  const bytes = parseAddress(text);
  if (!bytes) return undefined;
  if (isMappedIPv4(bytes)) return `4:${bytes.slice(12).join(".")}`;
  return `6:${Buffer.from(bytes.slice(0, 8)).toString("hex")}`;
}

/** A network (`"10.0.0.0/8"`, `"2001:db8::/32"`) or a single address, parsed once. */
export interface Network {
  bytes: Uint8Array;
  /** Prefix length in bits of the 16-byte form. */
  bits: number;
}

/** `text` as a {@link Network}, or `undefined` when it is not an address or CIDR range. */
export function parseNetwork(text: string): Network | undefined {
  const [address, prefix] = text.split("/");
  const bytes = parseAddress(address ?? "");
  if (!bytes) return undefined;
  const v4 = !address!.includes(":");
  const max = v4 ? 32 : 128;
  const length = prefix === undefined ? max : /^\d{1,3}$/.test(prefix) ? Number(prefix) : NaN;
  if (!(length >= 0 && length <= max)) return undefined;
  return { bytes, bits: v4 ? 96 + length : length };
}

/** Whether `address` lies in one of `networks`. */
export function inNetworks(address: string, networks: readonly Network[]): boolean {
  const bytes = parseAddress(address);
  if (!bytes) return false;
  return networks.some(({ bytes: net, bits }) => {
    const whole = bits >> 3;
    for (let i = 0; i < whole; i++) if (bytes[i] !== net[i]) return false;
    const rest = bits & 7;
    if (rest === 0) return true;
    const mask = (0xff << (8 - rest)) & 0xff;
    return (bytes[whole]! & mask) === (net[whole]! & mask);
  });
}

/**
 * The client behind `peer`: `peer` itself, unless it is a trusted proxy, in which case
 * `X-Forwarded-For` is read from the right (the entry the nearest proxy added) past every trusted
 * proxy; the first untrusted entry is the client. When every entry is trusted, the leftmost is.
 */
export function clientBehindProxies(peer: string, forwardedFor: string | null, trusted: readonly Network[]): string {
  if (trusted.length === 0 || !inNetworks(peer, trusted) || !forwardedFor) return peer;
  const hops = forwardedFor
    .split(",")
    .map((hop) => hop.trim())
    .filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i]!;
    if (!parseAddress(hop)) return peer; // a garbled chain: trust nothing a proxy did not write cleanly
    if (!inNetworks(hop, trusted) || i === 0) return hop;
  }
  return peer;
}
