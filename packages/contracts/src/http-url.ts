import { z } from "zod";

/** A full http(s) address as people type it: the monitor's URL, a browser step's "go to". */
export const httpUrl = z
  .string({ error: "URL is required" })
  .trim()
  .min(1, "URL is required")
  .max(2048, "URL is too long (max. 2048 characters)")
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === "http:" || url.protocol === "https:";
    } catch {
      return false;
    }
  }, "Enter a full web address starting with http:// or https://");
