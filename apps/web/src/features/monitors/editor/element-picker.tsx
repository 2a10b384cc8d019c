import { cssSelectorFor, pickerClassPrefix } from "@changeradar/contracts";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { useEffect, useRef } from "react";

const hoverClass = `${pickerClassPrefix}hover`;
const pickedClass = `${pickerClassPrefix}picked`;
const pickerStyle = `
  .${hoverClass} { outline: 2px dashed #0369a1 !important; outline-offset: 2px; cursor: crosshair !important; background: rgba(14,165,233,.08) !important; }
  .${pickedClass} { outline: 3px solid #3d7a5a !important; outline-offset: 2px; background: rgba(61,122,90,.12) !important; }
`;

/** Marks what the current selector matches, so an edited selector shows its effect at once. */
function markMatches(doc: Document, selector: string | null) {
  if (!doc.body) return;
  for (const element of doc.querySelectorAll(`.${pickedClass}`)) element.classList.remove(pickedClass);
  if (!selector) return;
  try {
    doc.querySelector(selector)?.classList.add(pickedClass);
  } catch {
    // An unfinished selector being typed is not valid CSS yet.
  }
}

interface ElementPickerProps {
  /** The page's HTML as the preview sanitised it (no scripts, handlers or frames). */
  html: string;
  /** The selector currently chosen, highlighted when it matches. */
  selector: string | null;
  onPick: (selector: string, text: string) => void;
}

/**
 * Shows the page in a sandboxed frame without allow-scripts (so none of its code runs) but with
 * allow-same-origin, so this window can attach the hover and click handlers itself. A click picks the
 * element under the pointer; links and forms inside never navigate.
 */
export function ElementPicker({ html, selector, onPick }: ElementPickerProps) {
  const frameRef = useRef<HTMLIFrameElement>(null);
  const onPickRef = useRef(onPick);
  onPickRef.current = onPick;
  const selectorRef = useRef(selector);
  selectorRef.current = selector;

  // biome-ignore lint/correctness/useExhaustiveDependencies: new HTML reloads the frame, whose document needs the handlers again
  useEffect(() => {
    const frame = frameRef.current;
    if (!frame) return;
    let detach = () => {};
    const attach = () => {
      detach();
      const doc = frame.contentDocument;
      if (!doc?.body) return;
      const style = doc.createElement("style");
      style.textContent = pickerStyle;
      doc.head.append(style);
      markMatches(doc, selectorRef.current);
      let hovered: Element | null = null;
      const over = (event: Event) => {
        hovered?.classList.remove(hoverClass);
        hovered = event.target instanceof doc.defaultView!.Element ? (event.target as Element) : null;
        if (hovered && hovered !== doc.body) hovered.classList.add(hoverClass);
      };
      const click = (event: Event) => {
        event.preventDefault();
        event.stopPropagation();
        const target = event.target as Element | null;
        if (!target || target === doc.body || target === doc.documentElement) return;
        target.classList.remove(hoverClass);
        onPickRef.current(cssSelectorFor(target), (target.textContent ?? "").replace(/\s+/g, " ").trim());
      };
      const block = (event: Event) => event.preventDefault();
      doc.addEventListener("mouseover", over, true);
      doc.addEventListener("click", click, true);
      doc.addEventListener("submit", block, true);
      detach = () => {
        doc.removeEventListener("mouseover", over, true);
        doc.removeEventListener("click", click, true);
        doc.removeEventListener("submit", block, true);
      };
    };
    frame.addEventListener("load", attach);
    if (frame.contentDocument?.readyState === "complete") attach();
    return () => {
      frame.removeEventListener("load", attach);
      detach();
    };
  }, [html]);

  useEffect(() => {
    const doc = frameRef.current?.contentDocument;
    if (doc) markMatches(doc, selector);
  }, [selector]);

  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Click the part of the page you want to watch. The page is shown with its styles, without its scripts.
      </Typography>
      <Box
        component="iframe"
        ref={frameRef}
        title="Page preview: click an element to watch it"
        sandbox="allow-same-origin"
        srcDoc={html}
        sx={{
          width: "100%",
          height: { xs: 360, md: 480 },
          border: 1,
          borderColor: "divider",
          borderRadius: 1,
          bgcolor: "common.white",
        }}
      />
    </Box>
  );
}
