import type { MonitorCondition } from "@changeradar/contracts";
import Add from "@mui/icons-material/Add";
import Close from "@mui/icons-material/Close";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";

type SimpleType = Exclude<MonitorCondition["type"], "number_compare">;

const conditionLabels: Record<SimpleType, string> = {
  price_below: "Price falls below",
  price_above: "Price rises above",
  price_drops_by_percent: "Price drops by at least (%)",
  text_contains: "Page contains the text",
  text_not_contains: "Page no longer contains the text",
};
const numeric = new Set<SimpleType>(["price_below", "price_above", "price_drops_by_percent"]);

function conditionText(condition: MonitorCondition): string {
  if (condition.type === "number_compare")
    return `Number at "${condition.pattern}" ${condition.operator} ${condition.value}`;
  return `${conditionLabels[condition.type]} ${condition.value}`;
}

interface ConditionsFieldProps {
  value: MonitorCondition[];
  onChange: (value: MonitorCondition[]) => void;
}

/** Alert only when a condition holds (all must hold); numbers are entered as numbers. */
export function ConditionsField({ value, onChange }: ConditionsFieldProps) {
  const update = (index: number, next: MonitorCondition) =>
    onChange(value.map((c, i) => (i === index ? next : c)));
  const remove = (index: number) => onChange(value.filter((_, i) => i !== index));
  return (
    <Box>
      <Typography variant="subtitle2" component="h3">
        Conditions
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Only alert when these hold. Leave empty to be told about every meaningful change.
      </Typography>
      {value.map((condition, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: conditions are edited in place by position
        <Box key={index} sx={{ display: "flex", gap: 1, mb: 1.5, alignItems: "flex-start" }}>
          {condition.type === "number_compare" ? (
            <Typography sx={{ flexGrow: 1, py: 1 }}>{conditionText(condition)}</Typography>
          ) : (
            <>
              <TextField
                select
                size="small"
                label="When"
                value={condition.type}
                onChange={(e) => {
                  const type = e.target.value as SimpleType;
                  update(
                    index,
                    (numeric.has(type) ? { type, value: 0 } : { type, value: "" }) as MonitorCondition,
                  );
                }}
                sx={{ flex: "1 1 55%" }}
              >
                {(Object.keys(conditionLabels) as SimpleType[]).map((type) => (
                  <MenuItem key={type} value={type}>
                    {conditionLabels[type]}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                size="small"
                label="Value"
                type={numeric.has(condition.type) ? "number" : "text"}
                value={condition.value}
                onChange={(e) =>
                  update(index, {
                    ...condition,
                    value: numeric.has(condition.type) ? Number(e.target.value) : e.target.value,
                  } as MonitorCondition)
                }
                sx={{ flex: "1 1 45%" }}
              />
            </>
          )}
          <IconButton aria-label={`Remove condition ${index + 1}`} onClick={() => remove(index)}>
            <Close />
          </IconButton>
        </Box>
      ))}
      <Button
        size="small"
        startIcon={<Add />}
        onClick={() => onChange([...value, { type: "price_below", value: 0 }])}
        disabled={value.length >= 20}
      >
        Add condition
      </Button>
    </Box>
  );
}
