import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { startSmtpServer } from "../../../server/test/helpers/smtp";

export interface MailCapture {
  smtpUrl: string;
  /** Loopback HTTP endpoint answering GET /mails with every captured mail as JSON. */
  mailboxUrl: string;
  close(): Promise<void>;
}

/**
 * The server's in-process SMTP test server (a real smtp-server on 127.0.0.1), plus a tiny HTTP endpoint:
 * the tests run in worker processes and read the captured mails from it.
 */
export async function startMailCapture(): Promise<MailCapture> {
  const smtp = await startSmtpServer();
  const http: Server = createServer((request, response) => {
    if (request.method !== "GET" || request.url !== "/mails") {
      response.writeHead(404).end();
      return;
    }
    const mails = smtp.mails.map((m) => ({
      to: m.to.map((a) => a.toLowerCase()),
      subject: m.subject,
      text: m.text,
    }));
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify(mails));
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  return {
    smtpUrl: smtp.url,
    mailboxUrl: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    close: async () => {
      await new Promise<void>((resolve) => http.close(() => resolve()));
      await smtp.close();
    },
  };
}
