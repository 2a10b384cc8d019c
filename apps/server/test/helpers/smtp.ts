import type { AddressInfo } from "node:net";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface CapturedMail {
  /** The envelope's recipients. */
  to: string[];
  from: string;
  subject: string;
  replyTo: string;
  text: string;
  html: string;
}

export interface TestSmtpServer {
  url: string;
  mails: CapturedMail[];
  /** Waits for the first mail (already received or arriving) that matches. */
  waitForMail(match: (mail: CapturedMail) => boolean, timeoutMs?: number): Promise<CapturedMail>;
  close(): Promise<void>;
}

export interface SmtpServerOptions {
  /** Answer every message's DATA with this SMTP error (e.g. 550) instead of keeping it. */
  refuse?: { code: number; message: string };
}

/**
 * A real SMTP server on 127.0.0.1 that keeps every message it receives, parsed by mailparser.
 * A message is in `mails` before the sender's DATA is acknowledged, so a resolved send can be read at once.
 */
export async function startSmtpServer(options: SmtpServerOptions = {}): Promise<TestSmtpServer> {
  const mails: CapturedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const to = session.envelope.rcptTo.map((rcpt) => rcpt.address);
      simpleParser(stream).then(
        (parsed) => {
          const { refuse } = options;
          if (refuse)
            return callback(Object.assign(new Error(refuse.message), { responseCode: refuse.code }));
          mails.push({
            to,
            from: parsed.from?.text ?? "",
            subject: parsed.subject ?? "",
            replyTo: parsed.replyTo?.text ?? "",
            text: parsed.text ?? "",
            html: parsed.html || "",
          });
          for (const wake of waiters) wake();
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitForMail(match, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = mails.find(match);
          if (!found) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error("no matching mail arrived"));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
