import type { FastifyReply } from "fastify";
import type { StoredBlob } from "../blobs/blobs.repository";

/** A user-uploaded image (avatar, blog cover): its sniffed type, cached a day, sandboxed if opened alone. */
export function sendImage(reply: FastifyReply, image: StoredBlob) {
  return reply
    .type(image.contentType)
    .header("Cache-Control", "public, max-age=86400")
    .header("Content-Security-Policy", "default-src 'none'; sandbox")
    .send(image.data);
}
