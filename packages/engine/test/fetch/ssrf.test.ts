import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  assertPublicUrl,
  blockedAddressReason,
  FetchError,
  httpFetch,
  isPublicAddress,
  type LookupFn,
} from "../../src/fetch";
import { type LoopbackServer, startLoopbackServer } from "./loopback-server";

type Answers = { address: string; family: 4 | 6 }[];

/** DNS under test control: names map to fixed answers; anything else does not exist. */
function fakeDns(records: Record<string, string[]>): LookupFn {
  return async (hostname) => {
    const addresses = records[hostname];
    if (!addresses) throw Object.assign(new Error(`queryA ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
    return addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 })) as Answers;
  };
}

const dns = fakeDns({
  "localhost.example": ["127.0.0.1"],
  "metadata.example": ["169.254.169.254"],
  "intranet.example": ["10.1.2.3"],
  "mixed.example": ["93.184.216.34", "192.168.0.10"],
  "mixed-v6.example": ["2606:2800:220:1::1", "::1"],
  "mapped.example": ["::ffff:10.0.0.1"],
  "cgnat.example": ["100.64.1.1"],
  "ula.example": ["fd00::5"],
  "linklocal6.example": ["fe80::1"],
});

async function refusal(promise: Promise<unknown>): Promise<FetchError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error, "the fetch should have been refused").toBeInstanceOf(FetchError);
  return error as FetchError;
}

let server: LoopbackServer;
let hits = 0;

beforeAll(async () => {
  server = await startLoopbackServer((req, res) => {
    hits++;
    const target = new URL(req.url ?? "/", "http://x").searchParams.get("to");
    if (target) {
      res.writeHead(302, { location: target }).end();
    } else {
      res.writeHead(200, { "content-type": "text/html" }).end("<p>reached</p>");
    }
  });
});
afterAll(() => server.close());

describe("SSRF bypass attempts are refused", () => {
  const attempts: [name: string, url: string][] = [
    ["loopback literal", "http://127.0.0.1/"],
    ["loopback at the test server's port", "http://127.0.0.1:{port}/"],
    ["decimal IPv4 spelling", "http://2130706433/"],
    ["hex dotted spelling", "http://0x7f.1/"],
    ["octal integer spelling", "http://017700000001/"],
    ["octal dotted spelling", "http://0177.0.0.1/"],
    ["hex integer spelling", "http://0x7f000001/"],
    ["short form 127.1", "http://127.1/"],
    ["percent-encoded host", "http://%31%32%37.0.0.1/"],
    ["full-width digits normalised by IDNA", "http://①②⑦.0.0.1/"],
    ["trailing dot", "http://127.0.0.1./"],
    ["credentials in the URL", "http://admin:secret@127.0.0.1/"],
    ["zero host http://0/", "http://0/"],
    ["unspecified 0.0.0.0", "http://0.0.0.0/"],
    ["unspecified IPv6 http://[::]", "http://[::]/"],
    ["IPv6 loopback", "http://[::1]/"],
    ["IPv4-mapped loopback", "http://[::ffff:127.0.0.1]/"],
    ["IPv4-mapped metadata", "http://[0:0:0:0:0:ffff:169.254.169.254]/"],
    ["IPv4-compatible loopback", "http://[::127.0.0.1]/"],
    ["NAT64 embedding 10.0.0.1", "http://[64:ff9b::10.0.0.1]/"],
    ["6to4 embedding 192.168.1.1", "http://[2002:c0a8:101::1]/"],
    ["Teredo", "http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/"],
    ["IPv6 link-local", "http://[fe80::1]/"],
    ["IPv6 unique-local", "http://[fd12:3456::1]/"],
    ["IPv6 multicast", "http://[ff02::1]/"],
    ["cloud metadata 169.254.169.254", "http://169.254.169.254/latest/meta-data/"],
    ["private 10/8 in hex", "http://0x0a.0.0.1/"],
    ["private 172.16/12", "http://172.31.255.254/"],
    ["private 192.168/16", "http://192.168.1.1/"],
    ["CGNAT 100.64/10", "http://100.64.0.1/"],
    ["multicast 224/4", "http://224.0.0.1/"],
    ["broadcast", "http://255.255.255.255/"],
    ["reserved 240/4", "http://240.0.0.1/"],
    ["benchmarking 198.18/15", "http://198.18.0.1/"],
    ["documentation 203.0.113/24", "http://203.0.113.7/"],
    ["this-network 0/8", "http://0.1.2.3/"],
    ["public name resolving to loopback", "http://localhost.example:{port}/"],
    ["public name resolving to metadata", "http://metadata.example/"],
    ["public name resolving to 10/8", "https://intranet.example/"],
    ["one public and one private answer", "http://mixed.example/"],
    ["public IPv6 plus ::1 answers", "http://mixed-v6.example/"],
    ["name resolving to a mapped private address", "http://mapped.example/"],
    ["name resolving to CGNAT", "http://cgnat.example/"],
    ["name resolving to unique-local IPv6", "http://ula.example/"],
    ["name resolving to link-local IPv6", "http://linklocal6.example/"],
    ["file scheme", "file:///etc/passwd"],
    ["gopher scheme", "gopher://127.0.0.1:6379/_INFO"],
    ["ftp scheme", "ftp://example.com/pub/"],
    ["data scheme", "data:text/html,<script>alert(1)</script>"],
    ["javascript scheme", "javascript:alert(1)"],
  ];

  it.each(attempts)("%s (%s)", async (_name, template) => {
    const url = template.replace("{port}", String(server.port));
    const before = hits;
    const fetchError = await refusal(httpFetch({ url }, { lookup: dns, connectTimeoutMs: 1_000 }));
    expect(fetchError.code).toBe("blocked");
    expect(fetchError.message).toMatch(/Refused|Only http and https/);
    const creationError = await refusal(assertPublicUrl(url, { lookup: dns }));
    expect(creationError.code).toBe("blocked");
    expect(hits).toBe(before);
  });

  it("the table holds at least 30 attempts", () => {
    expect(attempts.length).toBeGreaterThanOrEqual(30);
  });
});

describe("redirects are re-checked on every hop", () => {
  const onlyTheTestServer = { lookup: dns, allowedAddresses: ["127.0.0.1"] };

  it("lets the allowed first hop through", async () => {
    const page = await httpFetch({ url: `${server.url}/` }, onlyTheTestServer);
    expect(page.text).toContain("reached");
  });

  it.each([
    ["a private literal", "http://10.0.0.1/"],
    ["cloud metadata", "http://169.254.169.254/latest/meta-data/iam/"],
    ["IPv6 loopback", "http://[::1]/"],
    ["a name resolving to a private address", "http://intranet.example/"],
    ["a file: URL", "file:///etc/passwd"],
  ])("refuses a redirect to %s", async (_name, target) => {
    const url = `${server.url}/?to=${encodeURIComponent(target)}`;
    const error = await refusal(httpFetch({ url }, onlyTheTestServer));
    expect(error.code).toBe("blocked");
  });

  it("refuses a redirect chain that ends at a private address after allowed hops", async () => {
    const last = "http://192.168.0.1/admin";
    const middle = `${server.url}/?to=${encodeURIComponent(last)}`;
    const url = `${server.url}/?to=${encodeURIComponent(middle)}`;
    const error = await refusal(httpFetch({ url }, onlyTheTestServer));
    expect(error.code).toBe("blocked");
  });
});

describe("DNS rebinding", () => {
  it("checks the same answer it connects to (one resolution per connection)", async () => {
    const answers = ["93.184.216.34", "127.0.0.1"];
    let calls = 0;
    const rebinding: LookupFn = async () => [{ address: answers[Math.min(calls++, 1)]!, family: 4 }];
    const before = hits;
    const error = await refusal(
      httpFetch(
        { url: `http://rebind.example:${server.port}/` },
        { lookup: rebinding, connectTimeoutMs: 300 },
      ),
    );
    // The first (public) answer was used to connect, so the loopback server was never reached.
    expect(calls).toBe(1);
    expect(["connect", "timeout"]).toContain(error.code);
    expect(hits).toBe(before);
  });

  it("refuses at connect time when the answer changed since the creation check", async () => {
    let calls = 0;
    const rebinding: LookupFn = async () => [
      { address: calls++ === 0 ? "93.184.216.34" : "127.0.0.1", family: 4 },
    ];
    const url = `http://rebind.example:${server.port}/`;
    await expect(assertPublicUrl(url, { lookup: rebinding })).resolves.toBeInstanceOf(URL);
    const error = await refusal(httpFetch({ url }, { lookup: rebinding }));
    expect(error.code).toBe("blocked");
  });
});

describe("allowPrivateTargets", () => {
  it("lifts the address checks for loopback tests", async () => {
    const page = await httpFetch(
      { url: `http://localhost.example:${server.port}/` },
      { allowPrivateTargets: true, lookup: dns },
    );
    expect(page.status).toBe(200);
  });

  it("never lifts the scheme check", async () => {
    const error = await refusal(httpFetch({ url: "file:///etc/passwd" }, { allowPrivateTargets: true }));
    expect(error.code).toBe("blocked");
  });
});

describe("address classification", () => {
  it.each([
    "93.184.216.34",
    "8.8.8.8",
    "1.1.1.1",
    "2606:4700:4700::1111",
    "2a00:1450:4001:80b::200e",
    "64:ff9b::808:808",
    "2002:808:808::1",
  ])("allows the public address %s", (address) => {
    expect(blockedAddressReason(address)).toBeNull();
    expect(isPublicAddress(address)).toBe(true);
  });

  it.each([
    "127.0.0.1",
    "10.0.0.1",
    "172.16.0.1",
    "192.168.255.255",
    "169.254.169.254",
    "100.100.100.200",
    "0.0.0.0",
    "255.255.255.255",
    "198.19.255.255",
    "192.0.2.1",
    "198.51.100.1",
    "::",
    "::1",
    "::ffff:8.8.8.8",
    "fe80::1",
    "fc00::1",
    "ff05::2",
    "2001:db8::1",
    "3fff::1",
    "64:ff9b:1::1",
    "100::1",
    "not-an-address",
  ])("refuses %s", (address) => {
    expect(blockedAddressReason(address)).toEqual(expect.any(String));
  });

  it("resolves a name that does not exist to a dns error", async () => {
    const error = await refusal(httpFetch({ url: "http://nowhere.example/" }, { lookup: dns }));
    expect(error.code).toBe("dns");
  });
});
