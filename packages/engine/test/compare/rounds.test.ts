/**
 * The multi-round run (issue 10 §4), small: pages from the workload server over HTTP on loopback, fetched
 * through the engine's real fetch → extract → compare, three rounds in which 30% of the pages really
 * change and 30% carry noise. With the settings the editor proposes and with every kind on, every real
 * change is caught with its kind and no noise-only page alerts. `npm run rounds -w packages/engine` is
 * the full 500-page run.
 */
import { describe, expect, it } from "vitest";
import { formatRounds, runRounds } from "../../bench/rounds/run-rounds";

describe("multi-round recall and precision over HTTP", () => {
  it("recall 1.00 and precision ≥ 0.99 with the editor's settings and with every kind", async () => {
    const result = await runRounds({ pages: 48, rounds: 3, seed: 7, concurrency: 4 });
    console.log(formatRounds(result));
    for (const [name, setting] of Object.entries(result.settings)) {
      const kinds = Object.values(setting.perKind);
      const real = kinds.reduce((sum, k) => sum + k.real, 0);
      const detected = kinds.reduce((sum, k) => sum + k.detected, 0);
      expect(real, name).toBeGreaterThan(30);
      expect(setting.misses, name).toEqual([]);
      expect(detected / real, name).toBe(1);
      expect(detected / (detected + setting.falseAlerts.length), name).toBeGreaterThanOrEqual(0.99);
      expect(setting.noisePages, name).toBeGreaterThan(20);
      expect(setting.noiseAlerts, name).toBe(0);
    }
  }, 900_000);
});
