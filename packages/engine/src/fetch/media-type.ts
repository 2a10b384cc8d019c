/** The media type of a response: the Content-Type without parameters, or a guess from the first bytes. */
export function mediaTypeOf(contentTypeHeader: string | null, bytes: Uint8Array): string {
  const declared = contentTypeHeader?.split(";")[0]?.trim().toLowerCase();
  if (declared?.includes("/")) return declared;
  return sniffMediaType(bytes);
}

/** A deliberately small sniffer for servers that send no Content-Type: enough to pick an extractor. */
export function sniffMediaType(bytes: Uint8Array): string {
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 512))
    .toString("latin1")
    .replace(/^(\xef\xbb\xbf|\xff\xfe|\xfe\xff)/, "")
    .trimStart();
  if (head.startsWith("%PDF-")) return "application/pdf";
  if (/^<\?xml[^>]*>\s*<(rss|feed|rdf:RDF)\b/i.test(head)) return "application/xml";
  if (/^<(rss|feed)\b/i.test(head)) return "application/xml";
  if (head.startsWith("<")) return "text/html";
  if (head.startsWith("{") || head.startsWith("[")) return "application/json";
  return "text/plain";
}

/** Media types whose body is not text: never decoded from a charset. */
export function isBinaryMediaType(mediaType: string): boolean {
  return /^(image|audio|video|font)\/|^application\/(pdf|zip|gzip|octet-stream)$/.test(mediaType);
}
