import ChevronLeft from "@mui/icons-material/ChevronLeft";
import ChevronRight from "@mui/icons-material/ChevronRight";
import Avatar from "@mui/material/Avatar";
import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import Paper from "@mui/material/Paper";
import Rating from "@mui/material/Rating";
import Typography from "@mui/material/Typography";
import { useEffect, useState } from "react";
import type { Testimonial } from "./testimonials";

/** Index after a step of +1/-1 that wraps around at both ends (spec §1). */
export function wrapIndex(index: number, length: number): number {
  return ((index % length) + length) % length;
}

interface CarouselProps {
  items: Testimonial[];
  /** Rotation interval; 0 turns automatic rotation off. */
  autoPlayMs?: number;
}

export function TestimonialsCarousel({ items, autoPlayMs = 8000 }: CarouselProps) {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const current = items[index]!;

  useEffect(() => {
    if (!autoPlayMs || paused) return;
    const reduced = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    if (reduced) return;
    const timer = setInterval(() => setIndex((i) => wrapIndex(i + 1, items.length)), autoPlayMs);
    return () => clearInterval(timer);
  }, [autoPlayMs, paused, items.length]);

  const initials = current.name
    .split(" ")
    .map((part) => part[0])
    .join("");
  return (
    <Box
      role="region"
      aria-roledescription="carousel"
      aria-label="Customer testimonials"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      sx={{ maxWidth: 760, mx: "auto" }}
    >
      <Box sx={{ display: "flex", alignItems: "center", gap: { xs: 0.5, sm: 2 } }}>
        <IconButton
          aria-label="Previous testimonial"
          onClick={() => setIndex((i) => wrapIndex(i - 1, items.length))}
        >
          <ChevronLeft />
        </IconButton>
        <Paper
          variant="outlined"
          aria-live="polite"
          aria-roledescription="slide"
          aria-label={`${index + 1} of ${items.length}`}
          sx={{ p: { xs: 2.5, sm: 4 }, borderRadius: 3, flex: 1, minHeight: 240 }}
        >
          <Rating value={current.rating} readOnly aria-label={`Rated ${current.rating} out of 5`} />
          <Typography component="blockquote" sx={{ m: 0, mt: 1.5, fontSize: "1.05rem" }}>
            “{current.text}”
          </Typography>
          <Box sx={{ display: "flex", alignItems: "center", gap: 1.5, mt: 3 }}>
            <Avatar sx={{ bgcolor: current.avatarColour }} aria-hidden="true">
              {initials}
            </Avatar>
            <Box>
              <Typography fontWeight={600} data-testid="testimonial-name">
                {current.name}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {current.role}
                {current.company ? `, ${current.company}` : ""}
              </Typography>
            </Box>
          </Box>
        </Paper>
        <IconButton
          aria-label="Next testimonial"
          onClick={() => setIndex((i) => wrapIndex(i + 1, items.length))}
        >
          <ChevronRight />
        </IconButton>
      </Box>
      <Box sx={{ display: "flex", justifyContent: "center", gap: 0.5, mt: 2 }}>
        {items.map((item, i) => (
          <IconButton
            key={item.name}
            aria-label={`Show testimonial ${i + 1}`}
            aria-current={i === index ? "true" : undefined}
            onClick={() => setIndex(i)}
            size="small"
          >
            <Box
              component="span"
              sx={{
                width: 10,
                height: 10,
                borderRadius: "50%",
                bgcolor: i === index ? "primary.main" : "grey.400",
              }}
            />
          </IconButton>
        ))}
      </Box>
    </Box>
  );
}
