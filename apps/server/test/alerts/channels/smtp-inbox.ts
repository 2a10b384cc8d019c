import type { AddressInfo } from "node:net";
import { createTransport } from "nodemailer";
import { SMTPServer } from "smtp-server";
import type { OutgoingMail } from "../../../src/alerts/channels/types";

/** A real SMTP server in-process, and a nodemailer transport to it playing the caller's `sendMail`. */

export interface ReceivedMail {
  to: string[];
  raw: string;
}

export interface SmtpInbox {
  mails: ReceivedMail[];
  sendMail: (mail: OutgoingMail) => Promise<void>;
  close: () => Promise<void>;
}

/** `refuse` makes the server answer the DATA command with that SMTP error (e.g. 550). */
export async function startSmtpInbox(refuse?: { code: number; message: string }): Promise<SmtpInbox> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        if (refuse) return callback(Object.assign(new Error(refuse.message), { responseCode: refuse.code }));
        mails.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  const transport = createTransport({ host: "127.0.0.1", port, secure: false, ignoreTLS: true });
  return {
    mails,
    sendMail: async (mail) => {
      await transport.sendMail({
        from: "ChangeRadar <alerts@changeradar.test>",
        textEncoding: "base64",
        ...mail,
      });
    },
    close: async () => {
      transport.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The decoded text/plain and text/html parts of a multipart/alternative mail sent with base64 parts. */
export function mailParts(raw: string): { subject: string; text: string; html: string } {
  const subject = /^Subject: (.*)$/m.exec(raw)?.[1] ?? "";
  const part = (type: string) => {
    const match = new RegExp(`Content-Type: ${type}[^]*?\\r\\n\\r\\n([A-Za-z0-9+/=\\r\\n]+)`).exec(raw);
    return match?.[1] ? Buffer.from(match[1].replace(/\r\n/g, ""), "base64").toString("utf8") : "";
  };
  return { subject, text: part("text/plain"), html: part("text/html") };
}
