import type { PickerElement, PickerScreenshot, PickerScreenshotRequest } from "@changeradar/contracts";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { useEffect, useId, useRef, useState } from "react";
import { describeError } from "../../../api/errors";
import { boxPosition, elementLabel, smallestBoxAt } from "./element-boxes";
import { usePickerScreenshot } from "./picker-queries";

interface ScreenshotPickerProps {
  request: PickerScreenshotRequest;
  /** The selector currently chosen, outlined when one of the boxes has it. */
  selector: string | null;
  onPick: (selector: string, text: string) => void;
}

/**
 * The element picker for pages that need JavaScript: the server renders the page (after the monitor's
 * steps) and sends its screenshot with the boxes of its visible elements. Pointing highlights the smallest
 * box under the pointer, a click picks its selector; the list beside it does the same from the keyboard.
 */
export function ScreenshotPicker({ request, selector, onPick }: ScreenshotPickerProps) {
  const shot = usePickerScreenshot(request);
  if (shot.isPending)
    return (
      <Paper variant="outlined" sx={{ p: 4, textAlign: "center" }} role="status">
        <CircularProgress size={28} aria-hidden />
        <Typography sx={{ mt: 1 }}>Rendering the page…</Typography>
        <Typography variant="body2" color="text.secondary">
          We open it in a browser, run its scripts and your steps, then measure what is on it.
        </Typography>
      </Paper>
    );
  if (shot.isError) {
    const described = describeError(shot.error);
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void shot.refetch()}>
            Try again
          </Button>
        }
      >
        We could not render this page for the picker. {described.fieldErrors[0]?.msg ?? described.message}
      </Alert>
    );
  }
  return <PickableScreenshot shot={shot.data} selector={selector} onPick={onPick} />;
}

function PickableScreenshot({
  shot,
  selector,
  onPick,
}: {
  shot: PickerScreenshot;
  selector: string | null;
  onPick: ScreenshotPickerProps["onPick"];
}) {
  const { elements } = shot;
  const listId = useId();
  const [hovered, setHovered] = useState(-1);
  // The editor's column is narrower than the page: at actual size, small parts are easier to point at.
  const [actualSize, setActualSize] = useState(false);
  const [active, setActive] = useState(() => elements.findIndex((element) => element.selector === selector));
  const activeOption = useRef<HTMLLIElement>(null);
  const activeBox = useRef<HTMLDivElement>(null);
  const pick = (element: PickerElement) => onPick(element.selector, element.text);

  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the keyboard's choice only
  useEffect(() => {
    activeOption.current?.scrollIntoView?.({ block: "nearest" });
    activeBox.current?.scrollIntoView?.({ block: "nearest", inline: "nearest" });
  }, [active]);

  const pointAt = (event: React.MouseEvent<HTMLElement>) => {
    const frame = event.currentTarget.getBoundingClientRect();
    const scale = shot.width / frame.width;
    return smallestBoxAt(elements, (event.clientX - frame.left) * scale, (event.clientY - frame.top) * scale);
  };
  const onKeyDown = (event: React.KeyboardEvent) => {
    const last = elements.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: Math.min(last, active + 1),
      ArrowUp: Math.max(0, active - 1),
      Home: 0,
      End: last,
    };
    if (event.key in moves) {
      event.preventDefault();
      setActive(moves[event.key]!);
    } else if ((event.key === "Enter" || event.key === " ") && elements[active]) {
      event.preventDefault();
      pick(elements[active]);
    }
  };

  const picked = elements.findIndex((element) => element.selector === selector);
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Click the part of the page you want to watch. This is the page as our browser renders it, with its
        scripts run; the list reaches every part from the keyboard.
      </Typography>
      {elements.length === 0 && (
        <Alert severity="info" sx={{ mb: 1 }}>
          We found nothing visible to pick on this page. Enter a CSS selector by hand, or add a step that
          waits for the content.
        </Alert>
      )}
      {shot.truncated && (
        <Alert severity="info" sx={{ mb: 1 }}>
          This page has more parts than we list: the first {elements.length.toLocaleString("en")} are shown.
        </Alert>
      )}
      <Button
        size="small"
        sx={{ mb: 0.5 }}
        aria-pressed={actualSize}
        onClick={() => setActualSize(!actualSize)}
      >
        {actualSize ? "Fit the screenshot to the width" : "Show the screenshot at actual size"}
      </Button>
      <Box sx={{ display: "flex", gap: 1.5, flexDirection: "column" }}>
        <Box
          sx={{
            minWidth: 0,
            maxHeight: { xs: 360, md: 480 },
            overflow: "auto",
            border: 1,
            borderColor: "divider",
            borderRadius: 1,
          }}
        >
          <Box
            sx={{
              position: "relative",
              lineHeight: 0,
              cursor: "crosshair",
              width: actualSize ? shot.width : "100%",
            }}
            onMouseMove={(event) => setHovered(pointAt(event))}
            onMouseLeave={() => setHovered(-1)}
            onClick={(event) => {
              const index = pointAt(event);
              if (elements[index]) {
                setActive(index);
                pick(elements[index]);
              }
            }}
            data-testid="picker-screenshot"
          >
            <Box
              component="img"
              src={shot.screenshot}
              alt={`Screenshot of ${shot.finalUrl}`}
              sx={{ width: "100%", display: "block" }}
              draggable={false}
            />
            {[
              {
                name: "picked",
                index: picked,
                color: "#3d7a5a",
                style: "solid",
                fill: "rgba(61,122,90,.14)",
              },
              { name: "active", index: active, color: "#0369a1", style: "solid", fill: "transparent" },
              {
                name: "hovered",
                index: hovered,
                color: "#0369a1",
                style: "dashed",
                fill: "rgba(14,165,233,.12)",
              },
            ].map(({ name, index, color, style, fill }) =>
              elements[index] ? (
                <Box
                  key={name}
                  ref={name === "active" ? activeBox : undefined}
                  aria-hidden
                  sx={{
                    position: "absolute",
                    ...boxPosition(elements[index], shot),
                    outline: `2px ${style} ${color}`,
                    bgcolor: fill,
                    pointerEvents: "none",
                  }}
                />
              ) : null,
            )}
          </Box>
        </Box>
        <Box>
          <Typography variant="subtitle2" component="h3" id={`${listId}-label`} sx={{ mb: 0.5 }}>
            Parts of the page
          </Typography>
          <Box
            component="ul"
            role="listbox"
            tabIndex={0}
            aria-labelledby={`${listId}-label`}
            aria-activedescendant={elements[active] ? `${listId}-${active}` : undefined}
            aria-describedby={`${listId}-help`}
            onKeyDown={onKeyDown}
            onFocus={() => active < 0 && elements.length > 0 && setActive(0)}
            sx={{
              listStyle: "none",
              m: 0,
              p: 0,
              maxHeight: 200,
              overflow: "auto",
              border: 1,
              borderColor: "divider",
              borderRadius: 1,
              "&:focus-visible": { outline: "2px solid", outlineColor: "primary.main", outlineOffset: 2 },
            }}
          >
            {elements.map((element, index) => (
              <Box
                component="li"
                role="option"
                // biome-ignore lint/suspicious/noArrayIndexKey: one screenshot's list never reorders; selectors may repeat
                key={index}
                id={`${listId}-${index}`}
                ref={index === active ? activeOption : undefined}
                aria-selected={element.selector === selector}
                onClick={() => {
                  setActive(index);
                  pick(element);
                }}
                onMouseEnter={() => setHovered(index)}
                onMouseLeave={() => setHovered(-1)}
                sx={{
                  px: 1,
                  py: 0.5,
                  fontSize: "0.8rem",
                  cursor: "pointer",
                  overflow: "hidden",
                  textOverflow: "ellipsis",
                  whiteSpace: "nowrap",
                  bgcolor: index === active ? "action.selected" : undefined,
                  fontWeight: element.selector === selector ? 700 : undefined,
                  "&:hover": { bgcolor: "action.hover" },
                }}
              >
                {elementLabel(element)}
              </Box>
            ))}
          </Box>
          <Typography id={`${listId}-help`} variant="caption" color="text.secondary">
            Arrow keys move through the parts, Enter picks one.
          </Typography>
        </Box>
      </Box>
    </Box>
  );
}
