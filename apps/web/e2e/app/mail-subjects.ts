/** RFC 2047 encoded words ("=?UTF-8?Q?…?=" / "=?UTF-8?B?…?="), as nodemailer writes non-ASCII subjects. */
export function decodeMimeWords(header: string): string {
  return header
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(
      /=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g,
      (_match, _charset: string, encoding: string, text: string) => {
        if (encoding.toUpperCase() === "B") return Buffer.from(text, "base64").toString("utf8");
        const bytes = text.replace(/_/g, " ").replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => `%${hex}`);
        return decodeURIComponent(bytes.replace(/%(?![0-9A-Fa-f]{2})/g, "%25"));
      },
    );
}

/** Subjects of the mails captured for an address, decoded. */
export async function mailSubjectsTo(address: string): Promise<string[]> {
  const response = await fetch(`${process.env.CR_E2E_MAILBOX_URL}/mails`);
  const mails = (await response.json()) as { to: string[]; subject: string }[];
  return mails.filter((m) => m.to.includes(address.toLowerCase())).map((m) => decodeMimeWords(m.subject));
}
