import { monitorSorts, monitorStatuses, watchKinds } from "@changeradar/contracts";
import Search from "@mui/icons-material/Search";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import InputAdornment from "@mui/material/InputAdornment";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import { useEffect, useState } from "react";
import { sortLabels, statusLabels, watchKindLabels } from "./labels";
import type { MonitorFilters } from "./monitor-filters";
import { useTags } from "./monitors-queries";

interface FiltersBarProps {
  filters: MonitorFilters;
  onChange: (change: Partial<MonitorFilters>) => void;
  onClear: () => void;
}

const searchDelayMs = 300;

export function MonitorFiltersBar({ filters, onChange, onClear }: FiltersBarProps) {
  const tags = useTags();
  const [search, setSearch] = useState(filters.search ?? "");
  useEffect(() => setSearch(filters.search ?? ""), [filters.search]);
  useEffect(() => {
    if (search.trim() === (filters.search ?? "")) return;
    const timer = setTimeout(() => onChange({ search: search.trim() || undefined }), searchDelayMs);
    return () => clearTimeout(timer);
  }, [search, filters.search, onChange]);

  const select = {
    select: true,
    slotProps: { select: { displayEmpty: true }, inputLabel: { shrink: true } },
    fullWidth: false,
    size: "small" as const,
    sx: { minWidth: { xs: "calc(50% - 6px)", sm: 150 }, flex: { xs: 1, sm: "0 0 auto" } },
  };
  return (
    <Box role="search" sx={{ display: "flex", flexWrap: "wrap", gap: 1.5, mb: 2, alignItems: "center" }}>
      <TextField
        size="small"
        fullWidth={false}
        label="Search"
        placeholder="Name or URL"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        sx={{ flex: { xs: "1 1 100%", sm: "1 1 220px" } }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <Search fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      <TextField
        {...select}
        label="Status"
        value={filters.status ?? ""}
        onChange={(e) => onChange({ status: (e.target.value || undefined) as MonitorFilters["status"] })}
      >
        <MenuItem value="">All statuses</MenuItem>
        {monitorStatuses.map((s) => (
          <MenuItem key={s} value={s}>
            {statusLabels[s]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        {...select}
        label="Watching"
        value={filters.kind ?? ""}
        onChange={(e) => onChange({ kind: (e.target.value || undefined) as MonitorFilters["kind"] })}
      >
        <MenuItem value="">Anything</MenuItem>
        {watchKinds.map((k) => (
          <MenuItem key={k} value={k}>
            {watchKindLabels[k]}
          </MenuItem>
        ))}
      </TextField>
      {(tags.data?.length ?? 0) > 0 && (
        <TextField
          {...select}
          label="Tag"
          value={filters.tag ?? ""}
          onChange={(e) => onChange({ tag: e.target.value || undefined })}
        >
          <MenuItem value="">All tags</MenuItem>
          {tags.data?.map((t) => (
            <MenuItem key={t.name} value={t.name}>
              {t.name} ({t.count})
            </MenuItem>
          ))}
        </TextField>
      )}
      <TextField
        {...select}
        label="Sort by"
        value={filters.sort}
        onChange={(e) => onChange({ sort: e.target.value as MonitorFilters["sort"] })}
      >
        {monitorSorts.map((s) => (
          <MenuItem key={s} value={s}>
            {sortLabels[s]}
          </MenuItem>
        ))}
      </TextField>
      {(filters.status || filters.kind || filters.tag || filters.search) && (
        <Button size="small" onClick={onClear}>
          Clear filters
        </Button>
      )}
    </Box>
  );
}
