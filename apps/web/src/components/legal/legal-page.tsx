import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { legalLastUpdated } from "../../lib/site";

export interface LegalSection {
  heading: string;
  paragraphs: string[];
}

export function LegalPage({
  title,
  intro,
  sections,
}: {
  title: string;
  intro: string;
  sections: LegalSection[];
}) {
  return (
    <Paper variant="outlined" component="article" sx={{ p: { xs: 2.5, sm: 5 }, borderRadius: 3 }}>
      <Typography variant="h3" component="h1" gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Last updated: {legalLastUpdated}
      </Typography>
      <Typography sx={{ mb: 3 }}>{intro}</Typography>
      {sections.map((section, i) => (
        <Box component="section" key={section.heading} sx={{ mb: 3 }}>
          <Typography variant="h5" component="h2" gutterBottom>
            {i + 1}. {section.heading}
          </Typography>
          {section.paragraphs.map((p) => (
            <Typography key={p.slice(0, 40)} sx={{ mb: 1.5 }}>
              {p}
            </Typography>
          ))}
        </Box>
      ))}
    </Paper>
  );
}
