/**
 * Mutation suite over the shared corpus, shard 4 of 4 (see mutations/shard.ts): real changes (price, stock,
 * new item, a list growing from two entries to three, image swap, paragraph edit, element removed) must be
 * detected with the right kind; noise-only changes (timestamp, rotating token, ad id, view counter,
 * whitespace, attribute order, a rotating ad creative, tracking pixels, cache-busting queries and session ids
 * in image and link URLs) must not alert. Each mutation is applied only where it applies.
 */
import { describe } from "vitest";
import { mutationShard } from "./mutations/shard";

describe("mutation suite over the corpus", () => mutationShard(3));
