import type { DiffLine } from "@changeradar/contracts";
import Box from "@mui/material/Box";
import FormControlLabel from "@mui/material/FormControlLabel";
import Switch from "@mui/material/Switch";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { diffStats, type ShownLine, visibleLines } from "./diff-lines";

const tones = {
  add: { bgcolor: "#e8f5ec", color: "#1f5138" },
  remove: { bgcolor: "#fbeaea", color: "#7a2622" },
  addWord: { bgcolor: "#b9e2c8", textDecoration: "none" },
  removeWord: { bgcolor: "#f3c1bf", textDecoration: "line-through" },
};

/** One side of a changed line with its word-level highlights; `side` picks which words belong there. */
function Words({ line, side }: { line: DiffLine; side: "before" | "after" | "both" }) {
  if (!line.words) return <>{side === "before" ? line.before : line.after}</>;
  return (
    <>
      {line.words.map((part, i) => {
        // Word parts have no identity but their position, and a line's parts never reorder.
        const key = `${i}-${part.op}`;
        if (part.op === "equal") return <span key={key}>{part.text}</span>;
        if (part.op === "add" && side === "before") return null;
        if (part.op === "remove" && side === "after") return null;
        const Tag = part.op === "add" ? "ins" : "del";
        return (
          <Box
            component={Tag}
            key={key}
            sx={{ ...(part.op === "add" ? tones.addWord : tones.removeWord), borderRadius: 0.5, px: 0.25 }}
          >
            {part.text}
          </Box>
        );
      })}
    </>
  );
}

const cell = {
  px: 1,
  py: 0.25,
  whiteSpace: "pre-wrap",
  wordBreak: "break-word",
  minHeight: "1.5em",
} as const;

function Fold({ count }: { count: number }) {
  return (
    <Box
      sx={{
        ...cell,
        color: "text.secondary",
        bgcolor: "grey.100",
        fontStyle: "italic",
        gridColumn: "1 / -1",
      }}
    >
      {count} unchanged {count === 1 ? "line" : "lines"}
    </Box>
  );
}

function InlineRow({ line }: { line: Exclude<ShownLine, { op: "fold" }> }) {
  if (line.op === "equal") return <Box sx={cell}>{line.after ?? line.before}</Box>;
  if (line.op === "add")
    return (
      <Box component="ins" sx={{ ...cell, ...tones.add, display: "block", textDecoration: "none" }}>
        + {line.after}
      </Box>
    );
  if (line.op === "remove")
    return (
      <Box component="del" sx={{ ...cell, ...tones.remove, display: "block" }}>
        − {line.before}
      </Box>
    );
  return (
    <Box sx={{ ...cell, bgcolor: "#fdf6e3" }}>
      ~ <Words line={line} side="both" />
    </Box>
  );
}

function SideRow({ line }: { line: Exclude<ShownLine, { op: "fold" }> }) {
  const before = line.op === "add" ? null : line.before;
  const after = line.op === "remove" ? null : line.after;
  return (
    <>
      <Box
        sx={{
          ...cell,
          ...(line.op === "equal" ? {} : before === null ? { bgcolor: "grey.50" } : tones.remove),
        }}
      >
        {line.op === "change" ? <Words line={line} side="before" /> : before}
      </Box>
      <Box
        sx={{ ...cell, ...(line.op === "equal" ? {} : after === null ? { bgcolor: "grey.50" } : tones.add) }}
      >
        {line.op === "change" ? <Words line={line} side="after" /> : after}
      </Box>
    </>
  );
}

/** The text diff: side by side or inline, word-level highlights, optionally only the changed lines. */
export function TextDiff({ lines }: { lines: DiffLine[] }) {
  const [mode, setMode] = useState<"side" | "inline">("side");
  const [onlyChanges, setOnlyChanges] = useState(true);
  const stats = diffStats(lines);
  const shown = visibleLines(lines, onlyChanges);
  const sideBySide = mode === "side";
  return (
    <Box>
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 2, alignItems: "center", mb: 1.5 }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={mode}
          onChange={(_, value) => value && setMode(value)}
          aria-label="Diff layout"
        >
          <ToggleButton value="side">Side by side</ToggleButton>
          <ToggleButton value="inline">Inline</ToggleButton>
        </ToggleButtonGroup>
        <FormControlLabel
          control={<Switch checked={onlyChanges} onChange={(e) => setOnlyChanges(e.target.checked)} />}
          label="Only changes"
        />
        <Typography variant="body2" color="text.secondary">
          {stats.added} added · {stats.removed} removed · {stats.changed} changed
        </Typography>
      </Box>
      <Box
        role="group"
        aria-label={sideBySide ? "Text before and after" : "Text changes"}
        sx={{
          display: "grid",
          gridTemplateColumns: sideBySide ? "minmax(0,1fr) minmax(0,1fr)" : "minmax(0,1fr)",
          columnGap: sideBySide ? 0.5 : 0,
          rowGap: "2px",
          fontFamily: "ui-monospace, SFMono-Regular, Menlo, monospace",
          fontSize: "0.8rem",
          border: 1,
          borderColor: "divider",
          borderRadius: 1,
          p: 0.5,
          maxHeight: 520,
          overflow: "auto",
        }}
      >
        {sideBySide && (
          <>
            <Box sx={{ ...cell, fontWeight: 600, fontFamily: "inherit" }}>Before</Box>
            <Box sx={{ ...cell, fontWeight: 600 }}>After</Box>
          </>
        )}
        {shown.length === 0 && (
          <Box sx={{ ...cell, gridColumn: "1 / -1", color: "text.secondary" }}>No text changed.</Box>
        )}
        {shown.map((line) =>
          line.op === "fold" ? (
            <Fold key={`fold-${line.from}`} count={line.count} />
          ) : sideBySide ? (
            <SideRow key={line.index} line={line} />
          ) : (
            <InlineRow key={line.index} line={line} />
          ),
        )}
      </Box>
    </Box>
  );
}
