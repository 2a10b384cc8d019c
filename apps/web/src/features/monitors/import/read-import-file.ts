import type { ImportMonitorsInput } from "@changeradar/contracts";

export type ImportFilePayload = NonNullable<ImportMonitorsInput["file"]>;

/** A chosen file as the import takes it: text as is, a zip (changedetection.io backup) as base64. */
export async function readImportFile(file: File): Promise<ImportFilePayload> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const isZip = bytes[0] === 0x50 && bytes[1] === 0x4b;
  if (!isZip) return { name: file.name, content: new TextDecoder().decode(bytes), encoding: "utf8" };
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return { name: file.name, content: btoa(binary), encoding: "base64" };
}
