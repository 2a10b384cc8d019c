import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { Link as RouterLink } from "react-router";
import { ScreenSection } from "../../components/shell/screen-section";
import { useAdminBlog, useSetPublished } from "../../features/admin/admin-queries";
import { Pager } from "../../features/admin/pager";
import { useUrlFilters } from "../../features/admin/url-filters";
import { LoadError, LoadingRows } from "../../features/common/query-states";
import { formatItemTime } from "../../lib/dates";

const PAGE_SIZE = 20;

export default function BlogListPage() {
  const { values, page, set } = useUrlFilters(["q", "status"] as const);
  const posts = useAdminBlog({ ...values, page, pageSize: PAGE_SIZE });
  const setPublished = useSetPublished();
  return (
    <ScreenSection title="Blog Posts">
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Box sx={{ display: "flex", gap: 2, flexWrap: "wrap", mb: 2 }}>
          <TextField
            label="Search"
            type="search"
            size="small"
            value={values.q}
            onChange={(e) => set("q", e.target.value)}
          />
          <TextField
            select
            label="Status"
            size="small"
            value={values.status}
            onChange={(e) => set("status", e.target.value)}
            sx={{ minWidth: 140 }}
          >
            <MenuItem value="">All</MenuItem>
            <MenuItem value="draft">Drafts</MenuItem>
            <MenuItem value="published">Published</MenuItem>
          </TextField>
          <Button component={RouterLink} to="/admin/create-blog" variant="contained" sx={{ ml: "auto" }}>
            Write a post
          </Button>
        </Box>
        {posts.isPending ? (
          <LoadingRows rows={4} height={40} label="Loading posts" />
        ) : posts.isError ? (
          <LoadError error={posts.error} onRetry={() => posts.refetch()} what="posts" />
        ) : posts.data.items.length === 0 ? (
          <Typography color="text.secondary">No posts yet. Write the first one.</Typography>
        ) : (
          <>
            <Box sx={{ overflowX: "auto" }}>
              <Table size="small" aria-label="Blog posts">
                <TableHead>
                  <TableRow>
                    <TableCell>Title</TableCell>
                    <TableCell>Status</TableCell>
                    <TableCell>Updated</TableCell>
                    <TableCell />
                  </TableRow>
                </TableHead>
                <TableBody>
                  {posts.data.items.map((p) => (
                    <TableRow key={p.id} hover>
                      <TableCell>
                        <Link component={RouterLink} to={`/admin/edit-blog/${p.id}`} sx={{ fontWeight: 600 }}>
                          {p.title}
                        </Link>
                        <Typography variant="body2" color="text.secondary">
                          /blog/{p.slug}
                        </Typography>
                      </TableCell>
                      <TableCell>
                        <Chip
                          size="small"
                          label={p.status === "published" ? "Published" : "Draft"}
                          color={p.status === "published" ? "success" : "default"}
                        />
                      </TableCell>
                      <TableCell>{formatItemTime(p.updatedAt)}</TableCell>
                      <TableCell align="right">
                        <Button
                          size="small"
                          onClick={() => setPublished.mutate({ id: p.id, publish: p.status !== "published" })}
                        >
                          {p.status === "published" ? "Unpublish" : "Publish"}
                        </Button>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
            <Pager
              total={posts.data.total}
              page={page}
              pageSize={PAGE_SIZE}
              onPage={(p) => set("page", String(p))}
            />
          </>
        )}
      </Paper>
    </ScreenSection>
  );
}
