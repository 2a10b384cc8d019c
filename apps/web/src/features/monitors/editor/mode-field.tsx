import { type MonitorMode, monitorModeLabels, monitorModes } from "@changeradar/contracts";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormLabel from "@mui/material/FormLabel";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";

interface ModeFieldProps {
  value: MonitorMode;
  onChange: (value: MonitorMode) => void;
}

/** One page, or a whole site (its pages added and removed) from its sitemap or by following its links. */
export function ModeField({ value, onChange }: ModeFieldProps) {
  return (
    <FormControl>
      <FormLabel id="mode-label">What to watch</FormLabel>
      <RadioGroup
        aria-labelledby="mode-label"
        name="mode"
        value={value}
        onChange={(e) => onChange(e.target.value as MonitorMode)}
        sx={{ flexDirection: { xs: "column", md: "row" }, columnGap: 2 }}
      >
        {monitorModes.map((mode) => (
          <FormControlLabel key={mode} value={mode} control={<Radio />} label={monitorModeLabels[mode]} />
        ))}
      </RadioGroup>
    </FormControl>
  );
}

/** How the address field reads in each mode. */
export const addressCopy: Record<
  MonitorMode,
  { title: string; label: string; placeholder: string; hint: string }
> = {
  page: {
    title: "Page address",
    label: "URL",
    placeholder: "https://example.com/product",
    hint: "Paste the address of the page to watch",
  },
  sitemap: {
    title: "Sitemap address",
    label: "Sitemap URL",
    placeholder: "https://example.com/sitemap.xml",
    hint: "A sitemap.xml, a sitemap index or a .xml.gz: each check lists its pages and tells you which were added or removed",
  },
  crawl: {
    title: "Start page",
    label: "Start page URL",
    placeholder: "https://example.com/",
    hint: "We follow its links within the same site (robots.txt honoured) and tell you which pages were added or removed",
  },
};
