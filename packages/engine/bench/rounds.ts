/**
 * `npm run rounds -w packages/engine [-- --pages 500 --rounds 3]`: the multi-round recall/precision run
 * (issue 10 §4) over the workload server, printing recall and precision per kind for both settings.
 */
import { parseArgs } from "node:util";
import { formatRounds, runRounds } from "./rounds/run-rounds";

const { values } = parseArgs({
  options: {
    pages: { type: "string", default: "500" },
    rounds: { type: "string", default: "3" },
    seed: { type: "string", default: "1" },
    json: { type: "boolean", default: false },
  },
});
const result = await runRounds({
  pages: Number(values.pages),
  rounds: Number(values.rounds),
  seed: Number(values.seed),
});
console.log(values.json ? JSON.stringify(result) : formatRounds(result));
