import type { SharedChange } from "@changeradar/contracts";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Container from "@mui/material/Container";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { isAxiosError } from "axios";
import { useEffect } from "react";
import { useParams } from "react-router";
import { apiClient } from "../../api/client";
import { ChangeParts } from "../../features/changes/change-detail-view";
import { ChangeKinds } from "../../features/changes/change-kinds";
import { LoadingRows } from "../../features/common/query-states";
import { formatDate } from "../../lib/dates";
import { WithQueries } from "../../queries/query-client";

/** Never indexed: the server says so too (X-Robots-Tag), this covers the page once rendered. */
function useNoIndex() {
  useEffect(() => {
    const meta = document.createElement("meta");
    meta.name = "robots";
    meta.content = "noindex, nofollow";
    document.head.append(meta);
    document.title = "A shared change — ChangeRadar";
    return () => meta.remove();
  }, []);
}

function problem(error: unknown): string {
  const status = isAxiosError(error) ? error.response?.status : undefined;
  if (status === 410) return "This link has expired or was turned off.";
  if (status === 404) return "This link does not exist.";
  if (status === 429) return "This link was opened too often. Please try again in a few minutes.";
  return "This change could not be loaded.";
}

/** /share/:token — one change, read-only, with nothing about the account that shared it. */
export default function SharedChangePage() {
  return (
    <WithQueries>
      <SharedChangeView />
    </WithQueries>
  );
}

function SharedChangeView() {
  useNoIndex();
  const { token = "" } = useParams();
  const shared = useQuery({
    queryKey: ["shared", token],
    queryFn: async () => (await apiClient.get<SharedChange>(`/shared/${encodeURIComponent(token)}`)).data,
    retry: false,
  });
  return (
    <Container maxWidth="md" component="main" sx={{ py: 4 }}>
      <Typography variant="overline" color="text.secondary">
        A change seen by ChangeRadar
      </Typography>
      {shared.isPending ? (
        <LoadingRows rows={3} height={60} label="Loading the change" />
      ) : shared.isError ? (
        <Alert severity="warning" sx={{ mt: 2 }}>
          {problem(shared.error)}
        </Alert>
      ) : (
        <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 }, mt: 1 }}>
          <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
            {shared.data.summary}
          </Typography>
          <Link
            href={shared.data.pageUrl}
            target="_blank"
            rel="noreferrer noopener"
            sx={{ wordBreak: "break-all" }}
          >
            {shared.data.pageUrl}
          </Link>
          <Box sx={{ display: "flex", gap: 1.5, alignItems: "center", flexWrap: "wrap", my: 2 }}>
            <Typography variant="body2" color="text.secondary">
              {formatDate(shared.data.detectedAt)} · link expires {formatDate(shared.data.expiresAt)}
            </Typography>
            <ChangeKinds kinds={shared.data.kinds} />
          </Box>
          <ChangeParts change={shared.data} />
        </Paper>
      )}
    </Container>
  );
}
