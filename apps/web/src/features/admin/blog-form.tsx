import type { BlogPost } from "@changeradar/contracts";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useSnackbar } from "notistack";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { describeError } from "../../api/errors";
import { previewMarkdown, useSavePost, useSetPublished, useUploadCover } from "./admin-queries";

interface Draft {
  title: string;
  slug: string;
  excerpt: string;
  markdown: string;
}

function CoverUpload({ post }: { post: BlogPost }) {
  const upload = useUploadCover(post.id);
  const [error, setError] = useState<string | null>(null);
  return (
    <Box sx={{ display: "grid", gap: 1 }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        Cover image
      </Typography>
      {post.coverUrl && (
        <Box
          component="img"
          src={post.coverUrl}
          alt="Current cover"
          sx={{ maxWidth: "100%", maxHeight: 200, objectFit: "cover", borderRadius: 1 }}
        />
      )}
      <Button variant="outlined" component="label" sx={{ justifySelf: "start" }} disabled={upload.isPending}>
        {post.coverUrl ? "Replace cover" : "Upload cover"}
        <input
          hidden
          type="file"
          accept="image/png,image/jpeg,image/webp"
          onChange={async (e) => {
            const file = e.target.files?.[0];
            if (!file) return;
            setError(null);
            try {
              await upload.mutateAsync(file);
            } catch (err) {
              setError(describeError(err).message);
            }
          }}
        />
      </Button>
      {error && <Alert severity="error">{error}</Alert>}
    </Box>
  );
}

/** Write or edit a post: Markdown with a server-rendered (sanitised) preview, slug, excerpt, cover, publish. */
export function BlogForm({ post }: { post?: BlogPost }) {
  const [draft, setDraft] = useState<Draft>({
    title: post?.title ?? "",
    slug: post?.slug ?? "",
    excerpt: post?.excerpt ?? "",
    markdown: post?.markdown ?? "",
  });
  const [html, setHtml] = useState(post?.html ?? "");
  const [error, setError] = useState<string | null>(null);
  const save = useSavePost(post?.id);
  const setPublished = useSetPublished();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();

  useEffect(() => {
    const timer = setTimeout(() => {
      if (draft.markdown.trim())
        previewMarkdown(draft.markdown).then(
          (r) => setHtml(r.html),
          () => {},
        );
      else setHtml("");
    }, 300);
    return () => clearTimeout(timer);
  }, [draft.markdown]);

  const submit = async (publish?: boolean) => {
    setError(null);
    try {
      const saved = await save.mutateAsync(draft);
      if (publish !== undefined && publish !== (saved.status === "published")) {
        await setPublished.mutateAsync({ id: saved.id, publish });
      }
      enqueueSnackbar(publish ? "Post published." : publish === false ? "Post unpublished." : "Post saved.", {
        variant: "success",
      });
      if (!post) navigate(`/admin/edit-blog/${saved.id}`, { replace: true });
    } catch (e) {
      setError(describeError(e).message);
    }
  };
  const set = (name: keyof Draft) => (e: { target: { value: string } }) =>
    setDraft({ ...draft, [name]: e.target.value });
  const published = post?.status === "published";
  return (
    <Box sx={{ display: "grid", gap: 3, gridTemplateColumns: { xs: "1fr", lg: "1fr 1fr" } }}>
      <Paper
        variant="outlined"
        component="form"
        noValidate
        aria-label="Blog post"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        sx={{ p: 2, display: "grid", gap: 2, alignContent: "start" }}
      >
        {post && (
          <Box sx={{ display: "flex", gap: 1, alignItems: "center", flexWrap: "wrap" }}>
            <Chip
              size="small"
              label={published ? "Published" : "Draft"}
              color={published ? "success" : "default"}
            />
            {published && (
              <Link href={`/blog/${post.slug}`} target="_blank" rel="noopener">
                View /blog/{post.slug}
              </Link>
            )}
          </Box>
        )}
        {error && <Alert severity="error">{error}</Alert>}
        <TextField label="Title" required value={draft.title} onChange={set("title")} />
        <TextField
          label="Slug"
          value={draft.slug}
          onChange={set("slug")}
          helperText="Leave empty to make one from the title."
        />
        <TextField
          label="Excerpt"
          multiline
          minRows={2}
          value={draft.excerpt}
          onChange={set("excerpt")}
          helperText="Shown in lists, link previews and the RSS feed. Empty: the first words."
        />
        <TextField
          label="Markdown"
          required
          multiline
          minRows={12}
          value={draft.markdown}
          onChange={set("markdown")}
        />
        {post && <CoverUpload post={post} />}
        <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
          <Button type="submit" variant="outlined" disabled={save.isPending}>
            Save draft
          </Button>
          {published ? (
            <Button variant="outlined" color="warning" onClick={() => submit(false)}>
              Unpublish
            </Button>
          ) : (
            <Button variant="contained" onClick={() => submit(true)}>
              Publish
            </Button>
          )}
        </Box>
      </Paper>
      <Paper variant="outlined" component="section" aria-label="Preview" sx={{ p: 2, minWidth: 0 }}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Preview
        </Typography>
        <Typography variant="h4" component="p" sx={{ mb: 2 }}>
          {draft.title || "Untitled"}
        </Typography>
        <Box
          className="blog-body"
          sx={{ overflowWrap: "anywhere" }}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the server renders the Markdown and sanitises it (rehype-sanitize)
          dangerouslySetInnerHTML={{ __html: html }}
        />
      </Paper>
    </Box>
  );
}
