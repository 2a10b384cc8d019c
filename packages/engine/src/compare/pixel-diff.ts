/**
 * Pixel diff of two screenshots: share of pixels changed and a PNG with the changes highlighted.
 * Screenshots of different sizes are padded (white) to the larger size, so grown or shrunk areas count
 * as changed; both are cropped to a capped size first so a giant page cannot exhaust memory. Regions the
 * noise filter ignores (ads, timestamps…) are masked: not compared, not counted, greyed in the highlight.
 */
import pixelmatch from "pixelmatch";
import { PNG } from "pngjs";
import type { PixelDiff, ScreenRegion } from "./types";

export const MAX_DIFF_WIDTH = 2048;
export const MAX_DIFF_HEIGHT = 16384;
/** More masked rectangles than this are merged away (a page of a thousand ad slots is one big mask). */
const MAX_MASKS = 500;

export interface PixelDiffOptions {
  /** pixelmatch's per-pixel colour threshold, 0–1 (0.1 by default). */
  threshold?: number;
  maxWidth?: number;
  maxHeight?: number;
  /** Regions not compared (the noise filter's ignored areas on either screenshot). */
  mask?: readonly ScreenRegion[];
}

function readPng(bytes: Uint8Array, label: string): PNG {
  try {
    return PNG.sync.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  } catch (error) {
    throw new Error(`The ${label} screenshot is not a valid PNG: ${(error as Error).message}`);
  }
}

/** Copy `source` into a white canvas of width × height (cropping what does not fit). */
function toCanvas(source: PNG, width: number, height: number): Buffer {
  const canvas = Buffer.alloc(width * height * 4, 255);
  const rowBytes = Math.min(source.width, width) * 4;
  const rows = Math.min(source.height, height);
  for (let y = 0; y < rows; y += 1) {
    source.data.copy(canvas, y * width * 4, y * source.width * 4, y * source.width * 4 + rowBytes);
  }
  return canvas;
}

/** Whole-pixel rectangles clipped to the canvas; empty and non-finite ones dropped. */
function clipRegions(regions: readonly ScreenRegion[], width: number, height: number) {
  const clipped: { x0: number; y0: number; x1: number; y1: number }[] = [];
  for (const r of regions.slice(0, MAX_MASKS)) {
    if (![r.x, r.y, r.width, r.height].every(Number.isFinite)) continue;
    const x0 = Math.max(0, Math.floor(r.x));
    const y0 = Math.max(0, Math.floor(r.y));
    const x1 = Math.min(width, Math.ceil(r.x + r.width));
    const y1 = Math.min(height, Math.ceil(r.y + r.height));
    if (x1 > x0 && y1 > y0) clipped.push({ x0, y0, x1, y1 });
  }
  return clipped;
}

/** A per-pixel mask (1 = ignored) and the count of masked pixels. */
function maskBitmap(regions: readonly ScreenRegion[], width: number, height: number) {
  const bitmap = new Uint8Array(width * height);
  let masked = 0;
  for (const { x0, y0, x1, y1 } of clipRegions(regions, width, height)) {
    for (let y = y0; y < y1; y += 1) {
      for (let x = x0; x < x1; x += 1) {
        const i = y * width + x;
        if (bitmap[i] === 0) {
          bitmap[i] = 1;
          masked += 1;
        }
      }
    }
  }
  return { bitmap, masked };
}

/** Paint masked pixels the same (light grey) on both canvases, so they never differ. */
function applyMask(canvases: Buffer[], bitmap: Uint8Array): void {
  for (let i = 0; i < bitmap.length; i += 1) {
    if (bitmap[i] === 0) continue;
    for (const canvas of canvases) {
      canvas[i * 4] = 224;
      canvas[i * 4 + 1] = 224;
      canvas[i * 4 + 2] = 224;
      canvas[i * 4 + 3] = 255;
    }
  }
}

export function pixelDiff(before: Uint8Array, after: Uint8Array, options: PixelDiffOptions = {}): PixelDiff {
  const a = readPng(before, "before");
  const b = readPng(after, "after");
  const width = Math.min(Math.max(a.width, b.width), options.maxWidth ?? MAX_DIFF_WIDTH);
  const height = Math.min(Math.max(a.height, b.height), options.maxHeight ?? MAX_DIFF_HEIGHT);
  const output = new PNG({ width, height });
  const canvasA = toCanvas(a, width, height);
  const canvasB = toCanvas(b, width, height);
  const { bitmap, masked } = maskBitmap(options.mask ?? [], width, height);
  if (masked > 0) applyMask([canvasA, canvasB], bitmap);
  const changedPixels = pixelmatch(canvasA, canvasB, output.data, width, height, {
    threshold: options.threshold ?? 0.1,
  });
  const compared = width * height - masked;
  return {
    percent: compared <= 0 ? 0 : Math.round((changedPixels / compared) * 10000) / 100,
    changedPixels,
    width,
    height,
    diffPng: new Uint8Array(PNG.sync.write(output)),
  };
}
