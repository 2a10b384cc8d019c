import type { PickerScreenshotRequest, Preview } from "@changeradar/contracts";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import FormControlLabel from "@mui/material/FormControlLabel";
import Paper from "@mui/material/Paper";
import Switch from "@mui/material/Switch";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { ElementPicker } from "./element-picker";
import { ScreenshotPicker } from "./screenshot-picker";

interface PreviewPanelProps {
  preview: Preview;
  selector: string | null;
  onPick: (selector: string, text: string) => void;
  /** What the screenshot picker renders: the previewed address and the monitor's steps. */
  screenshotRequest: PickerScreenshotRequest;
  /** The monitor renders JavaScript: the picker starts on the screenshot. */
  renderJs: boolean;
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function Facts({ preview }: { preview: Preview }) {
  return (
    <Box>
      <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", mb: 2 }}>
        {preview.price && (
          <Chip
            color="info"
            label={`Price ${preview.price.currency ?? ""} ${preview.price.amount.toFixed(2)}`.replace(
              "  ",
              " ",
            )}
          />
        )}
        {preview.availability !== "unknown" && (
          <Chip label={`Stock: ${preview.availability.replace(/_/g, " ")}`} />
        )}
        <Chip variant="outlined" label={`${preview.items.length} list items`} />
        <Chip variant="outlined" label={`${preview.images.length} images`} />
      </Box>
      <Section title="Text we read">
        {preview.text.length === 0 ? (
          <Typography color="text.secondary">No visible text here.</Typography>
        ) : (
          <Box
            component="pre"
            tabIndex={0}
            aria-label="Text excerpt"
            sx={{
              m: 0,
              p: 1.5,
              bgcolor: "grey.50",
              borderRadius: 1,
              maxHeight: 260,
              overflow: "auto",
              whiteSpace: "pre-wrap",
              fontFamily: "inherit",
              fontSize: "0.85rem",
            }}
          >
            {preview.text.join("\n")}
          </Box>
        )}
      </Section>
      {preview.items.length > 0 && (
        <Section title="List items (new content)">
          <Box component="ol" sx={{ m: 0, pl: 3, fontSize: "0.85rem" }}>
            {preview.items.slice(0, 8).map((item, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: items may repeat titles
              <li key={i}>{item.title}</li>
            ))}
          </Box>
        </Section>
      )}
    </Box>
  );
}

/** What the engine sees on the page, and the page itself for picking an element. */
export function PreviewPanel({ preview, selector, onPick, screenshotRequest, renderJs }: PreviewPanelProps) {
  const [tab, setTab] = useState<"facts" | "pick" | "screenshot">("pick");
  const [screenshotChosen, chooseScreenshot] = useState<boolean | null>(null);
  const useScreenshot = screenshotChosen ?? (renderJs || !preview.html);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, md: 2 } }} aria-label="Live preview">
      <Typography variant="h6" component="h2" sx={{ wordBreak: "break-word" }}>
        {preview.title || preview.finalUrl}
      </Typography>
      {preview.finalUrl !== preview.url && (
        <Typography variant="body2" color="text.secondary">
          Redirected to {preview.finalUrl}
        </Typography>
      )}
      {selector && preview.selectorMatched === false && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          The selector matches nothing on this page. Pick another element or edit it.
        </Alert>
      )}
      <Tabs
        value={tab}
        onChange={(_, value) => setTab(value)}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2 }}
      >
        <Tab value="pick" label="Pick an element" />
        <Tab
          value="facts"
          label={selector && preview.selectorMatched ? "What we see in the selection" : "What we see"}
        />
        {preview.screenshot && <Tab value="screenshot" label="Screenshot" />}
      </Tabs>
      {tab === "pick" && (
        <FormControlLabel
          sx={{ mb: 1 }}
          control={
            <Switch
              checked={useScreenshot}
              disabled={!preview.html}
              onChange={(event) => chooseScreenshot(event.target.checked)}
            />
          }
          label="Use a screenshot (for pages that need JavaScript)"
        />
      )}
      {tab === "pick" && useScreenshot && (
        <ScreenshotPicker request={screenshotRequest} selector={selector} onPick={onPick} />
      )}
      {tab === "pick" && !useScreenshot && preview.html && (
        <ElementPicker html={preview.html} selector={selector} onPick={onPick} />
      )}
      {tab === "facts" && <Facts preview={preview} />}
      {tab === "screenshot" && preview.screenshot && (
        <Box sx={{ maxHeight: 480, overflow: "auto", border: 1, borderColor: "divider", borderRadius: 1 }}>
          <Box
            component="img"
            src={preview.screenshot}
            alt={`Screenshot of ${preview.title ?? preview.finalUrl}`}
            sx={{ width: "100%", display: "block" }}
          />
        </Box>
      )}
    </Paper>
  );
}
