import ipaddr from "ipaddr.js";

/**
 * Which IP addresses a monitor may connect to. Pure functions: the SSRF guard calls them on every
 * address a name resolves to, on IP literals in URLs, and on every redirect hop.
 */

/** IPv4 ranges (ipaddr.js range names) that never belong to a public web server. */
const BLOCKED_V4_RANGES: Record<string, string> = {
  unspecified: "an unspecified address (0.0.0.0/8)",
  broadcast: "the broadcast address",
  multicast: "a multicast address",
  linkLocal: "a link-local address (169.254.0.0/16, cloud metadata)",
  loopback: "a loopback address",
  carrierGradeNat: "a carrier-grade NAT address (100.64.0.0/10)",
  private: "a private network address",
  reserved: "a reserved, benchmarking or documentation address",
};

/** IPv6 ranges refused outright, whatever they carry. */
const BLOCKED_V6_RANGES: Record<string, string> = {
  unspecified: "the unspecified IPv6 address (::)",
  loopback: "the IPv6 loopback address",
  linkLocal: "a link-local IPv6 address (fe80::/10)",
  multicast: "a multicast IPv6 address",
  uniqueLocal: "a unique-local IPv6 address (fc00::/7)",
  ipv4Mapped: "an IPv4-mapped IPv6 address",
  rfc6145: "an IPv4-translated IPv6 address",
  deprecatedSiteLocal: "a site-local IPv6 address (fec0::/10)",
  discard: "a discard-only IPv6 address",
  teredo: "a Teredo tunnelling address",
  benchmarking: "a benchmarking IPv6 address",
  reserved: "a reserved or documentation IPv6 address",
};

const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR("2000::/3");
const IPV4_COMPATIBLE_V6 = ipaddr.parseCIDR("::/96");
/** RFC 6052 well-known NAT64 prefix: the last 32 bits are an IPv4 address. */
const NAT64_WELL_KNOWN = ipaddr.parseCIDR("64:ff9b::/96");

/** Null when the address is a public unicast address, otherwise why it is refused. */
export function blockedAddressReason(address: string): string | null {
  const literal = stripBrackets(address);
  if (!ipaddr.isValid(literal)) return `"${address}" is not an IP address`;
  const parsed = ipaddr.parse(literal);
  return parsed.kind() === "ipv4"
    ? blockedV4Reason(parsed as ipaddr.IPv4)
    : blockedV6Reason(parsed as ipaddr.IPv6);
}

export function isPublicAddress(address: string): boolean {
  return blockedAddressReason(address) === null;
}

/** True for an IPv4 or IPv6 literal (brackets allowed), in the canonical spellings a URL parser produces. */
export function isIpLiteral(host: string): boolean {
  return ipaddr.isValid(stripBrackets(host));
}

/** One spelling per address ("::FFFF:7f00:1" and "::ffff:127.0.0.1" compare equal); input returned when unparsable. */
export function canonicalAddress(address: string): string {
  const literal = stripBrackets(address);
  return ipaddr.isValid(literal) ? ipaddr.parse(literal).toNormalizedString() : literal;
}

export function stripBrackets(host: string): string {
  return host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
}

function blockedV4Reason(address: ipaddr.IPv4): string | null {
  return BLOCKED_V4_RANGES[address.range()] ?? null;
}

function blockedV6Reason(address: ipaddr.IPv6): string | null {
  const range = address.range();
  const blocked = BLOCKED_V6_RANGES[range];
  if (blocked) return blocked;
  if (address.match(NAT64_WELL_KNOWN))
    return embeddedV4Reason("a NAT64", v4FromParts(address.parts[6]!, address.parts[7]!));
  if (range === "rfc6052") return "a local-use NAT64 address (64:ff9b:1::/48)";
  if (range === "6to4") return embeddedV4Reason("a 6to4", v4FromParts(address.parts[1]!, address.parts[2]!));
  if (address.match(IPV4_COMPATIBLE_V6)) return "an IPv4-compatible IPv6 address (::/96)";
  if (range !== "unicast" || !address.match(GLOBAL_UNICAST_V6)) {
    return "an IPv6 address outside the global unicast range";
  }
  return null;
}

/** Addresses that tunnel to an IPv4 host are as safe as that host. */
function embeddedV4Reason(kind: string, embedded: ipaddr.IPv4): string | null {
  const reason = blockedV4Reason(embedded);
  return reason ? `${kind} IPv6 address embedding ${reason} (${embedded.toString()})` : null;
}

function v4FromParts(high: number, low: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}
