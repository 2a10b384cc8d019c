/** The image types an avatar may be, recognised by their first bytes rather than the declared type. */
const signatures: Array<{ type: string; matches: (b: Buffer) => boolean }> = [
  {
    type: "image/png",
    matches: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { type: "image/jpeg", matches: (b) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    type: "image/webp",
    matches: (b) =>
      b.subarray(0, 4).toString("latin1") === "RIFF" && b.subarray(8, 12).toString("latin1") === "WEBP",
  },
];

/** The real content type of an avatar upload, or null when it is not a PNG, JPEG or WebP image. */
export function detectAvatarType(bytes: Buffer): string | null {
  return signatures.find((s) => s.matches(bytes))?.type ?? null;
}

export const avatarTypeMessage = "The avatar must be a PNG, JPEG or WebP image.";
export const avatarSizeMessage = "The avatar must be 2 MB or smaller.";
