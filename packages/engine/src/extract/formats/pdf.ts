import { getDocumentProxy, extractText as pdfText } from "unpdf";
import type { Snapshot } from "../../snapshot";
import { extractText } from "./text";

/** PDF: the text of every page (pdf.js via unpdf), lines as the document lays them out. */
export async function extractPdf(url: string, bytes: Uint8Array): Promise<Snapshot> {
  let text: string;
  try {
    // pdf.js takes ownership of (detaches) the buffer it is given: hand it a copy.
    const pdf = await getDocumentProxy(new Uint8Array(bytes));
    const result = await pdfText(pdf, { mergePages: true });
    text = result.text;
    await pdf.destroy();
  } catch {
    // A damaged or encrypted PDF has no readable text: an empty snapshot, not a crash.
    text = "";
  }
  return extractText(url, text, "pdf");
}
