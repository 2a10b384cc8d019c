import { lookup as dnsLookup } from "node:dns/promises";
import { blockedAddressReason, canonicalAddress, isIpLiteral, stripBrackets } from "./ip-ranges";
import { FetchError, type FetchOptions, type LookupFn } from "./types";

/**
 * The SSRF guard: user-supplied URLs are hostile. Scheme first, then every address the host resolves to.
 * The connection-time half lives in guarded-agent.ts so the address checked is the address connected.
 */

export type GuardOptions = Pick<FetchOptions, "allowPrivateTargets" | "allowedAddresses" | "lookup">;

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

const ALLOWED_SCHEMES = new Set(["http:", "https:"]);

export const systemLookup: LookupFn = async (hostname) => {
  const answers = await dnsLookup(hostname, { all: true, verbatim: true });
  return answers.map((answer) => ({ address: answer.address, family: answer.family === 6 ? 6 : 4 }));
};

/** Parses a URL and refuses anything but http(s). Never lifted by `allowPrivateTargets`. */
export function parseHttpUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new FetchError("invalid_url", `"${truncate(raw)}" is not a valid URL`);
  }
  if (!ALLOWED_SCHEMES.has(url.protocol)) {
    throw new FetchError("blocked", `Only http and https addresses can be monitored, not ${url.protocol}`);
  }
  if (!url.hostname) throw new FetchError("invalid_url", `"${truncate(raw)}" has no host name`);
  return url;
}

/** Throws FetchError("blocked") when the address may not be connected to. */
export function assertAllowedAddress(address: string, host: string, options: GuardOptions): void {
  if (options.allowPrivateTargets || isExplicitlyAllowed(address, options.allowedAddresses)) return;
  const reason = blockedAddressReason(address);
  if (reason) {
    const target =
      stripBrackets(host) === stripBrackets(address) ? address : `${host}: it resolves to ${address}`;
    throw new FetchError("blocked", `Refused to connect to ${target}, ${reason}`);
  }
}

/** Resolves a host name and checks every answer: one blocked answer refuses the whole name. */
export async function resolveAllowedAddresses(
  hostname: string,
  options: GuardOptions,
): Promise<ResolvedAddress[]> {
  const host = stripBrackets(hostname);
  if (isIpLiteral(host)) {
    assertAllowedAddress(host, host, options);
    return [{ address: host, family: host.includes(":") ? 6 : 4 }];
  }
  const answers = await resolve(host, options.lookup ?? systemLookup);
  for (const answer of answers) assertAllowedAddress(answer.address, host, options);
  return answers;
}

/**
 * Validation when a monitor or webhook is created: scheme, literal IPs and a DNS check. The fetch still
 * enforces the guard at connect time, since DNS answers can change afterwards.
 */
export async function assertPublicUrl(raw: string, options: GuardOptions = {}): Promise<URL> {
  const url = parseHttpUrl(raw);
  await resolveAllowedAddresses(url.hostname, options);
  return url;
}

function isExplicitlyAllowed(address: string, allowed: string[] | undefined): boolean {
  if (!allowed?.length) return false;
  const canonical = canonicalAddress(address);
  return allowed.some((entry) => canonicalAddress(entry) === canonical);
}

async function resolve(hostname: string, lookup: LookupFn): Promise<ResolvedAddress[]> {
  let answers: ResolvedAddress[];
  try {
    answers = await lookup(hostname);
  } catch (error) {
    if (error instanceof FetchError) throw error;
    throw new FetchError(
      "dns",
      `The host name ${hostname} could not be resolved (${describeDnsError(error)})`,
    );
  }
  if (answers.length === 0) throw new FetchError("dns", `The host name ${hostname} has no address`);
  return answers;
}

function describeDnsError(error: unknown): string {
  const code = (error as { code?: string }).code;
  if (code === "ENOTFOUND") return "no such host";
  if (code === "EAI_AGAIN") return "DNS server did not answer";
  return code ?? (error instanceof Error ? error.message : String(error));
}

function truncate(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
