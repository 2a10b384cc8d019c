import { createTransport, type Transporter } from "nodemailer";
import { afterEach, describe, expect, it } from "vitest";
import { emailChannel } from "../../../src/alerts/channels/email";
import { parseChannelConfig } from "../../../src/alerts/channels/registry";
import type { OutgoingMail } from "../../../src/alerts/channels/types";
import { type SmtpServerOptions, startSmtpServer, type TestSmtpServer } from "../../helpers/smtp";
import { changeMessage, failingMessage } from "./fixtures";

let inbox: TestSmtpServer | undefined;
let transport: Transporter | undefined;
afterEach(async () => {
  transport?.close();
  await inbox?.close();
  inbox = undefined;
});

/** A real SMTP server, and a nodemailer transport to it playing the caller's `sendMail`. */
async function startInbox(options?: SmtpServerOptions) {
  inbox = await startSmtpServer(options);
  transport = createTransport(inbox.url);
  const sender = transport;
  const sendMail = async (mail: OutgoingMail) => {
    await sender.sendMail({ from: "ChangeRadar <alerts@changeradar.test>", textEncoding: "base64", ...mail });
  };
  return { inbox, sendMail };
}

const changeLink = "https://app.changeradar.test/auth/mymonitors/mon_42?change=chg_7";

describe("email channel", () => {
  it("delivers HTML and text with the summary, the diff excerpt, the price and the link", async () => {
    const { inbox, sendMail } = await startInbox();
    const outcome = await emailChannel.send({ to: "ada@example.com" }, changeMessage(), { sendMail });
    expect(outcome).toEqual({ ok: true });
    expect(inbox.mails).toHaveLength(1);
    expect(inbox.mails[0]?.to).toEqual(["ada@example.com"]);

    const { subject, text, html } = inbox.mails[0] ?? { subject: "", text: "", html: "" };
    expect(subject).toContain("Widget <Pro> & Co: Price dropped from $24.99 to $19.99");

    expect(text).toContain("Price dropped from $24.99 to $19.99");
    expect(text).toContain("- Price: $24.99\n+ Now only $19.99 <b>today</b>");
    expect(text).toContain("Price: $24.99 → $19.99");
    expect(text).toContain(`View change: ${changeLink}`);

    expect(html).toContain("Price dropped from $24.99 to $19.99");
    expect(html).toContain("Widget &lt;Pro&gt; &amp; Co");
    expect(html).not.toContain("<b>today</b>");
    expect(html).toMatch(/background:#fdecea;color:#b42318[^>]*>− Price: \$24\.99</);
    expect(html).toMatch(
      /background:#e6f4ea;color:#1e7b34[^>]*>\+ Now only \$19\.99 &lt;b&gt;today&lt;\/b&gt;</,
    );
    expect(html).toContain('<s style="color:#64748b">$24.99</s> → <strong>$19.99</strong>');
    expect(html).toContain(`<a href="${changeLink}"`);
    expect(html).toContain(">View change</a>");
  });

  it("has a failing variant linking to the monitor", async () => {
    const { inbox, sendMail } = await startInbox();
    await emailChannel.send({ to: "ada@example.com" }, failingMessage(), { sendMail });
    const { subject, text, html } = inbox.mails[0] ?? { subject: "", text: "", html: "" };
    expect(subject).toBe("Monitor failing: Widget <Pro> & Co");
    expect(text).toContain(
      "5 checks in a row have failed since 2026-11-22 12:00 UTC: The server answered 503",
    );
    expect(text).toContain("Open monitor: https://app.changeradar.test/auth/mymonitors/mon_42");
    expect(html).toContain(">Open monitor</a>");
    expect(html).not.toContain("Excerpt of the change");
  });

  it("a 5xx refusal by the mail server is permanent, a 4xx is retryable", async () => {
    const refusing = await startInbox({ refuse: { code: 550, message: "Mailbox unavailable" } });
    const refused = await emailChannel.send({ to: "ada@example.com" }, changeMessage(), {
      sendMail: refusing.sendMail,
    });
    expect(refused).toMatchObject({ ok: false, retryable: false, status: 550 });
    expect(refused.ok ? "" : refused.reason).toContain("Mailbox unavailable");
    transport?.close();
    await refusing.inbox.close();

    const deferring = await startInbox({ refuse: { code: 451, message: "Try again later" } });
    const deferred = await emailChannel.send({ to: "ada@example.com" }, changeMessage(), {
      sendMail: deferring.sendMail,
    });
    expect(deferred).toMatchObject({ ok: false, retryable: true, status: 451 });
  });

  it("a mailer that never finishes times out, retryable", async () => {
    const outcome = await emailChannel.send({ to: "ada@example.com" }, changeMessage(), {
      sendMail: () => new Promise<void>(() => {}),
      timeoutMs: 200,
    });
    expect(outcome).toEqual({
      ok: false,
      retryable: true,
      reason: "The mail server did not accept the email within 0.2 s",
    });
  });

  it("validates the address", () => {
    expect(parseChannelConfig("email", { to: "not-an-email" }, {})).toEqual({
      ok: false,
      problems: [{ path: "to", msg: "Enter a valid email address" }],
    });
    expect(parseChannelConfig("email", { to: " ada@example.com " }, {})).toEqual({
      ok: true,
      config: { to: "ada@example.com" },
    });
  });
});
