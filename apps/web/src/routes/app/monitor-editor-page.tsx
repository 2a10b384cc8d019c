import { useSnackbar } from "notistack";
import { useNavigate, useParams } from "react-router";
import { PageLoader } from "../../components/page-loader";
import { ScreenSection } from "../../components/shell/screen-section";
import { usePlanInForce } from "../../features/billing/billing-queries";
import { LoadError } from "../../features/common/query-states";
import { MonitorForm } from "../../features/monitors/editor/monitor-form";
import { emptyMonitorValues, valuesFromMonitor } from "../../features/monitors/editor/monitor-form-values";
import { MonitorLimitReached, useMonitorRoom } from "../../features/monitors/monitor-limit";
import { useMonitor, useMonitorMutations } from "../../features/monitors/monitors-queries";

/** /auth/mymonitors/new and /auth/mymonitors/:monitorId/edit. */
export default function MonitorEditorPage() {
  const { monitorId } = useParams();
  const plan = usePlanInForce();
  const monitor = useMonitor(monitorId);
  const room = useMonitorRoom();
  const { create, update } = useMonitorMutations();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();

  if (monitorId) {
    if (monitor.isPending) return <PageLoader />;
    if (monitor.isError)
      return <LoadError error={monitor.error} onRetry={() => monitor.refetch()} what="this monitor" />;
    return (
      <ScreenSection title={`Edit ${monitor.data.name || "monitor"}`}>
        <MonitorForm
          plan={plan}
          editing
          monitorId={monitorId}
          initial={valuesFromMonitor(monitor.data)}
          cancelTo={`/auth/mymonitors/${monitorId}`}
          onSubmit={async (input) => {
            await update.mutateAsync({ id: monitorId, input });
            enqueueSnackbar("Monitor saved", { variant: "success" });
            navigate(`/auth/mymonitors/${monitorId}`);
          }}
        />
      </ScreenSection>
    );
  }

  if (room.state === "loading") return <PageLoader />;
  return (
    <ScreenSection title="Add monitor">
      {room.state === "full" ? (
        <MonitorLimitReached room={room} />
      ) : (
        <MonitorForm
          plan={plan}
          editing={false}
          initial={emptyMonitorValues(plan)}
          cancelTo="/auth/mymonitors"
          onSubmit={async (input) => {
            const created = await create.mutateAsync(input);
            enqueueSnackbar("Monitor added. The first check is running now.", { variant: "success" });
            navigate(`/auth/mymonitors/${created.id}`);
          }}
        />
      )}
    </ScreenSection>
  );
}
