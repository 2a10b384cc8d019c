// Demonstration (issue 4): the real `changeradar serve` with ALLOW_PRIVATE_TARGETS; a page on 127.0.0.1 changes →
// a signed webhook and an email arrive, and the change with its diff is in the API.
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:http";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";

const require = createRequire(new URL("../apps/server/package.json", import.meta.url));
const { SMTPServer } = require("smtp-server");
const { Webhook } = require("standardwebhooks");

const ROOT = new URL("..", import.meta.url).pathname;
// Fixed loopback ports; change them if they are taken.
const [APP, PAGE, HOOK, SMTP] = [18700, 18701, 18702, 18703];
const dataDir = mkdtempSync(join(tmpdir(), "cr-demo-"));
const t0 = Date.now();
const log = (...a) => console.log(`[${((Date.now() - t0) / 1000).toFixed(1)}s]`, ...a);

let price = "24.99";
createServer((_q, r) => {
  r.setHeader("content-type", "text/html; charset=utf-8");
  r.end(`<!doctype html><html><head><title>Walnut desk lamp</title>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Walnut desk lamp","offers":{"@type":"Offer","price":"${price}","priceCurrency":"USD","availability":"https://schema.org/InStock"}}</script>
</head><body><h1>Walnut desk lamp</h1><p class="price">$${price}</p><p>Hand-made in Oregon. Updated at ${new Date().toISOString()}</p><button>Add to cart</button></body></html>`);
}).listen(PAGE, "127.0.0.1");

const hooks = [];
let hookSecret = null;
createServer((q, r) => {
  let body = "";
  q.on("data", (c) => (body += c));
  q.on("end", () => {
    let verified = false;
    try {
      new Webhook(hookSecret).verify(body, q.headers);
      verified = true;
    } catch {}
    hooks.push({ at: Date.now(), headers: q.headers, body: JSON.parse(body), verified });
    r.end("ok");
  });
}).listen(HOOK, "127.0.0.1");

const mails = [];
new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  onData(stream, s, cb) {
    let raw = "";
    stream.on("data", (c) => (raw += c));
    stream.on("end", () => {
      mails.push({ at: Date.now(), to: s.envelope.rcptTo.map((x) => x.address), raw });
      cb();
    });
  },
}).listen(SMTP, "127.0.0.1");

const env = {
  ...process.env,
  PORT: String(APP),
  DATA_DIR: dataDir,
  ALLOW_PRIVATE_TARGETS: "true",
  SMTP_URL: `smtp://127.0.0.1:${SMTP}`,
  LOG_LEVEL: "warn",
};
let server;
async function startServer() {
  server = spawn(process.execPath, [join(ROOT, "apps/server/bin/changeradar.js"), "serve"], {
    env,
    stdio: ["ignore", "inherit", "inherit"],
  });
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${APP}/api/v1/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error("server did not start");
}
async function stopServer() {
  server.kill("SIGTERM");
  await new Promise((r) => server.on("exit", r));
}
const api = async (method, path, body, token) => {
  const res = await fetch(`http://127.0.0.1:${APP}/api/v1${path}`, {
    method,
    headers: {
      ...(body ? { "content-type": "application/json" } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${text}`);
  return json;
};
const waitFor = async (what, fn, ms = 60_000) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const v = fn();
    if (v) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
};

try {
  await startServer();
  log("serve is up (embedded PGlite)");
  const email = "ada@example.com";
  const signup = await api("POST", "/users/new-merchant", {
    email,
    password: "Correct-Horse-9",
    firstName: "Ada",
    planType: "Free",
    period: "monthly",
  });
  const mail = await waitFor("verification mail", () => mails.find((m) => m.to.includes(email)));
  const code = mail.raw.match(/\b(\d{6})\b/)[1];
  await api("POST", "/users/verify-passcode", {
    id: signup.userId ?? signup.user.id,
    passcode: code,
    isVerifyEmail: true,
  });
  log("signed up; verification code arrived over SMTP and verified");
  await stopServer();
  log(
    execFileSync(process.execPath, [join(ROOT, "apps/server/bin/changeradar.js"), "plan", email, "Pro"], {
      env,
    })
      .toString()
      .trim(),
  );
  await startServer();
  const { accessToken } = await api("POST", "/auth/login", { email, password: "Correct-Horse-9" });
  const hook = await api(
    "POST",
    "/channels",
    { type: "webhook", name: "Demo receiver", config: { url: `http://127.0.0.1:${HOOK}/hook` } },
    accessToken,
  );
  hookSecret = hook.secret;
  const own = await api(
    "POST",
    "/channels",
    { type: "email", name: "My inbox", config: { to: email } },
    accessToken,
  );
  log(
    "webhook channel created, secret shown once:",
    `${hookSecret.slice(0, 10)}…; email channel verified:`,
    own.verified,
  );
  const monitor = await api(
    "POST",
    "/monitors",
    {
      url: `http://127.0.0.1:${PAGE}/lamp`,
      frequency: "1h",
      watch: ["price", "text"],
      channelIds: [hook.id, own.id],
    },
    accessToken,
  );
  log("monitor created:", monitor.id, monitor.status);
  const m1 = await (async () => {
    for (let i = 0; i < 120; i++) {
      const m = await api("GET", `/monitors/${monitor.id}`, null, accessToken);
      if (m.lastCheckedAt) return m;
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error("no first check");
  })();
  log("first check done (baseline):", m1.lastCheckedAt, "latest price", JSON.stringify(m1.latest?.price));
  mails.length = 0;
  price = "19.99";
  const changedAt = Date.now();
  await api("POST", `/monitors/${monitor.id}/check`, null, accessToken);
  const h = await waitFor("webhook", () => hooks.find((x) => x.body.type === "change.detected"));
  log(
    `webhook arrived ${h.at - changedAt} ms after "check now"; signature verified: ${h.verified}; webhook-id ${h.headers["webhook-id"]}`,
  );
  log("payload:", JSON.stringify(h.body));
  const m = await waitFor("alert email", () => mails.find((x) => x.to.includes(email)));
  log(
    `email arrived ${m.at - changedAt} ms after "check now"; subject: ${m.raw.match(/^Subject: (.*)$/m)?.[1]}`,
  );
  const changes = await api("GET", `/monitors/${monitor.id}/changes`, null, accessToken);
  const detail = await api("GET", `/changes/${changes.items[0].id}`, null, accessToken);
  log(
    "change in the API:",
    JSON.stringify({
      summary: detail.summary,
      kinds: detail.kinds,
      significance: detail.significance,
      price: detail.price,
      textDiff: detail.textDiff.filter((l) => l.op !== "equal").slice(0, 3),
    }),
  );
  await stopServer();
  log("DEMO OK");
  process.exit(0);
} catch (e) {
  console.error("DEMO FAILED:", e);
  server?.kill("SIGTERM");
  process.exit(1);
}
