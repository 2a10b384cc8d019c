import Autocomplete from "@mui/material/Autocomplete";
import Chip from "@mui/material/Chip";
import TextField from "@mui/material/TextField";

interface ChipsFieldProps {
  id: string;
  label: string;
  helperText: string;
  value: string[];
  onChange: (value: string[]) => void;
  options?: string[];
  placeholder?: string;
}

/** A list of short strings typed one by one (Enter adds), shown as removable chips. */
export function ChipsField({
  id,
  label,
  helperText,
  value,
  onChange,
  options = [],
  placeholder,
}: ChipsFieldProps) {
  return (
    <Autocomplete
      id={id}
      multiple
      freeSolo
      autoSelect
      options={options}
      value={value}
      onChange={(_, next) => onChange([...new Set(next.map((v) => v.trim()).filter(Boolean))])}
      renderValue={(selected, getItemProps) =>
        selected.map((option, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} size="small" label={option} {...itemProps} />;
        })
      }
      renderInput={(params) => (
        <TextField {...params} label={label} helperText={helperText} placeholder={placeholder} />
      )}
    />
  );
}
