/**
 * Noise that changes on every request: what a busy site adds around an unchanged page. Each kind is a
 * fragment generated from a request counter, injected before </body> (HTML), as a top-level field (JSON)
 * or as a first line (plain text). None of them is a change a visitor would want to hear about.
 */
export const noiseKinds = [
  "timestamp",
  "csrf token",
  "ad slot",
  "tracking pixel",
  "cache-busting query",
  "session id in urls",
] as const;
export type NoiseKind = (typeof noiseKinds)[number];

/** A cheap, deterministic 32-bit mix of the request counter and a per-page salt. */
function mix(n: number, salt: number): number {
  let x = (n * 0x9e3779b1 + salt * 0x85ebca77) >>> 0;
  x ^= x >>> 15;
  x = Math.imul(x, 0x2c1b3c6d) >>> 0;
  x ^= x >>> 12;
  return x >>> 0;
}

const token = (n: number, salt: number, length: number): string => {
  let out = "";
  for (let i = 0; out.length < length; i += 1) out += mix(n + i, salt).toString(36);
  return out.slice(0, length);
};

function timeOf(n: number): Date {
  return new Date(Date.UTC(2026, 10, 24, 6, 0, 0) + n * 7_000);
}

function htmlFragment(kind: NoiseKind, n: number, salt: number): string {
  switch (kind) {
    case "timestamp": {
      const at = timeOf(n);
      return `<p class="page-generated">Page generated on ${at.toUTCString()} · Prices updated ${(n % 59) + 1} minutes ago</p>`;
    }
    case "csrf token": {
      const t = token(n, salt, 32);
      return `<form class="newsletter" method="post"><input type="hidden" name="csrf_token" value="${t}"></form><meta name="csrf-token" content="${t}"><script nonce="${token(n, salt + 1, 10)}">window.__session="${t}";</script>`;
    }
    case "ad slot": {
      const creative = mix(n, salt) % 100_000;
      return `<div id="div-gpt-ad-${1_732_286_011 + n}-0" data-ad-id="${creative}" class="ad-slot"><a href="https://ads.example/click?adid=${creative}"><img src="https://ads.example/creative/${creative}.jpg" alt="Advertisement" width="300" height="250"></a></div>`;
    }
    case "tracking pixel":
      return `<img src="https://px.example/t.gif?r=${token(n, salt, 16)}&amp;ts=${timeOf(n).getTime()}" width="1" height="1" alt="" style="display:none">`;
    case "cache-busting query":
      return `<link rel="stylesheet" href="/assets/site.css?v=${token(n, salt, 8)}"><script src="/assets/app.js?cb=${timeOf(n).getTime()}"></script>`;
    case "session id in urls": {
      const sid = token(n, salt, 24);
      return `<div class="account-links"><a href="/account;jsessionid=${sid}">My account</a> <a href="/basket?sid=${sid}">Basket</a></div>`;
    }
  }
}

/** The bytes to put at the injection point of a noisy page for request number `n`. */
export function noiseFragment(
  format: "html" | "json" | "text",
  kinds: readonly NoiseKind[],
  n: number,
  salt: number,
): string {
  if (format === "json")
    return `"generated_at":"${timeOf(n).toISOString()}","request_id":"${token(n, salt, 20)}",`;
  if (format === "text") return `# generated ${timeOf(n).toISOString()} request ${token(n, salt, 12)}\n`;
  return kinds.map((kind) => htmlFragment(kind, n, salt)).join("");
}

/**
 * Where the fragment goes: before </body> in HTML, right after the opening brace of a JSON object, at
 * the start of a text page. -1: the page cannot carry noise (a JSON array at the top level).
 */
export function injectionPoint(format: "html" | "json" | "text", text: string): number {
  if (format === "json") {
    const at = text.search(/\S/);
    return at >= 0 && text[at] === "{" && text.slice(at + 1).trimStart()[0] === '"' ? at + 1 : -1;
  }
  if (format === "text") return 0;
  const at = text.toLowerCase().lastIndexOf("</body");
  return at >= 0 ? at : text.length;
}
