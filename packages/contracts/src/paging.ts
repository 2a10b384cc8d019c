import { z } from "zod";

/** The one page query of every list (`?page=&pageSize=`); list queries add their filters to its shape. */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type PageQuery = z.output<typeof pageQuerySchema>;

/** One page of a list. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number(), page: z.number(), pageSize: z.number() });

/** A whole list, unpaged (`{ items }`). */
export const itemsOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item) });

/** A whole list, unpaged (`{ items }`), as the short lists (tags, channels, API keys, feedback…) answer. */
export interface ItemList<T> {
  items: T[];
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}
