import Checkbox from "@mui/material/Checkbox";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormGroup from "@mui/material/FormGroup";
import FormHelperText from "@mui/material/FormHelperText";
import FormLabel from "@mui/material/FormLabel";
import Link from "@mui/material/Link";
import { type Control, Controller } from "react-hook-form";
import { Link as RouterLink } from "react-router";
import { useChannels } from "../../notifications/notifications-queries";
import { useTags } from "../monitors-queries";
import { ChipsField } from "./chips-field";
import { ConditionsField } from "./conditions-field";
import type { MonitorFormValues } from "./monitor-form-values";
import { SensitivityField } from "./sensitivity-field";

function ChannelsField({ value, onChange }: { value: string[]; onChange: (value: string[]) => void }) {
  const channels = useChannels();
  const toggle = (id: string, on: boolean) => onChange(on ? [...value, id] : value.filter((v) => v !== id));
  return (
    <FormControl component="fieldset">
      <FormLabel component="legend">Alert channels</FormLabel>
      <FormHelperText sx={{ mx: 0 }}>
        {value.length === 0
          ? "None chosen: alerts go to your account email once it is verified."
          : "Alerts go to the channels ticked."}{" "}
        <Link component={RouterLink} to="/auth/notifications#channels">
          Manage channels
        </Link>
      </FormHelperText>
      <FormGroup>
        {channels.data?.map((channel) => (
          <FormControlLabel
            key={channel.id}
            control={
              <Checkbox
                checked={value.includes(channel.id)}
                onChange={(e) => toggle(channel.id, e.target.checked)}
              />
            }
            label={`${channel.name} (${channel.type}${channel.verified ? "" : ", not verified"})`}
          />
        ))}
      </FormGroup>
    </FormControl>
  );
}

/**
 * Sensitivity, ignore rules, conditions, channels and tags. A site monitor listing its pages (`site` "list")
 * has no page text to weigh or test: its ignore rules leave pages out by address, and sensitivity and
 * conditions do not apply. Watching each page's content ("pages"), they apply to every page too.
 */
export function AdvancedFields({
  control,
  site: siteKind = "no",
}: {
  control: Control<MonitorFormValues>;
  site?: "no" | "list" | "pages";
}) {
  const site = siteKind === "list";
  const tags = useTags();
  return (
    <>
      {!site && (
        <Controller
          control={control}
          name="sensitivity"
          render={({ field }) => <SensitivityField value={field.value} onChange={field.onChange} />}
        />
      )}
      <Controller
        control={control}
        name="ignore"
        render={({ field }) => (
          <ChipsField
            id="ignore"
            label="Ignore rules"
            value={field.value}
            onChange={field.onChange}
            placeholder={site ? "/tag/" : "Visitors online"}
            helperText={
              {
                list: "Pages whose address contains this text are left out. Write /pattern/ for a regular expression. Press Enter to add.",
                pages:
                  "Pages whose address contains this text are left out, and lines with it are ignored on each page. Write /pattern/ for a regular expression. Press Enter to add.",
                no: "Lines with this text are ignored. Write /pattern/ for a regular expression. Press Enter to add.",
              }[siteKind]
            }
          />
        )}
      />
      {!site && (
        <Controller
          control={control}
          name="conditions"
          render={({ field }) => <ConditionsField value={field.value} onChange={field.onChange} />}
        />
      )}
      <Controller
        control={control}
        name="channelIds"
        render={({ field }) => <ChannelsField value={field.value} onChange={field.onChange} />}
      />
      <Controller
        control={control}
        name="tags"
        render={({ field }) => (
          <ChipsField
            id="tags"
            label="Tags"
            value={field.value}
            onChange={field.onChange}
            options={tags.data?.map((t) => t.name) ?? []}
            helperText="Group monitors to filter them later. Press Enter to add."
          />
        )}
      />
    </>
  );
}
