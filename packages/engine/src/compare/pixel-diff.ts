/**
 * Pixel diff of two screenshots: share of pixels changed and a PNG with the changes highlighted.
 * Screenshots of different sizes are padded (white) to the larger size, so grown or shrunk areas count
 * as changed; both are cropped to a capped size first so a giant page cannot exhaust memory.
 */
import pixelmatch from "pixelmatch";
import { PNG } from "pngjs";
import type { PixelDiff } from "./types";

export const MAX_DIFF_WIDTH = 2048;
export const MAX_DIFF_HEIGHT = 16384;

export interface PixelDiffOptions {
  /** pixelmatch's per-pixel colour threshold, 0–1 (0.1 by default). */
  threshold?: number;
  maxWidth?: number;
  maxHeight?: number;
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

export function pixelDiff(before: Uint8Array, after: Uint8Array, options: PixelDiffOptions = {}): PixelDiff {
  const a = readPng(before, "before");
  const b = readPng(after, "after");
  const width = Math.min(Math.max(a.width, b.width), options.maxWidth ?? MAX_DIFF_WIDTH);
  const height = Math.min(Math.max(a.height, b.height), options.maxHeight ?? MAX_DIFF_HEIGHT);
  const output = new PNG({ width, height });
  const mismatched = pixelmatch(
    toCanvas(a, width, height),
    toCanvas(b, width, height),
    output.data,
    width,
    height,
    {
      threshold: options.threshold ?? 0.1,
    },
  );
  const total = width * height;
  return {
    percent: total === 0 ? 0 : Math.round((mismatched / total) * 10000) / 100,
    width,
    height,
    diffPng: new Uint8Array(PNG.sync.write(output)),
  };
}
