import type { MonitorCondition } from "@changeradar/contracts";
import type { Condition } from "@changeradar/engine";

const operators = { lt: "<", lte: "<=", gt: ">", gte: ">=", eq: "==", ne: "!=" } as const;

/** The API's condition shapes (contracts) mapped to the engine's. */
export function toEngineCondition(condition: MonitorCondition): Condition {
  switch (condition.type) {
    case "price_below":
    case "price_above":
      return { type: condition.type, value: condition.value };
    case "price_drops_by_percent":
      return { type: "price_drops_by", percent: condition.value };
    case "text_contains":
      return { type: "text_contains", text: condition.value };
    case "text_not_contains":
      return { type: "text_no_longer_contains", text: condition.value };
    case "number_compare":
      return {
        type: "number",
        pattern: condition.pattern,
        operator: operators[condition.operator],
        value: condition.value,
      };
  }
}
