import ClearIcon from "@mui/icons-material/Clear";
import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import MailOutline from "@mui/icons-material/MailOutline";
import SearchIcon from "@mui/icons-material/Search";
import Accordion from "@mui/material/Accordion";
import AccordionDetails from "@mui/material/AccordionDetails";
import AccordionSummary from "@mui/material/AccordionSummary";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import InputAdornment from "@mui/material/InputAdornment";
import Paper from "@mui/material/Paper";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { faqEntries, filterFaq } from "../../components/faq/faq-content";
import { supportEmail } from "../../lib/site";

export default function FaqPage() {
  const [query, setQuery] = useState("");
  const results = filterFaq(faqEntries, query);
  return (
    <Box>
      <Typography variant="h3" component="h1" gutterBottom>
        Help Center
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Answers to the questions we hear most about ChangeRadar.
      </Typography>
      <TextField
        label="Search questions"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        sx={{ mb: 3 }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon />
              </InputAdornment>
            ),
            endAdornment: query ? (
              <InputAdornment position="end">
                <IconButton aria-label="Clear search" onClick={() => setQuery("")} edge="end">
                  <ClearIcon />
                </IconButton>
              </InputAdornment>
            ) : undefined,
          },
        }}
      />
      <Box aria-live="polite">
        {results.length === 0 ? (
          <Typography sx={{ py: 4, textAlign: "center" }} color="text.secondary">
            No questions match “{query.trim()}”. Try other words or contact support.
          </Typography>
        ) : (
          results.map((entry) => (
            <Accordion
              key={entry.question}
              disableGutters
              variant="outlined"
              sx={{ mb: 1, borderRadius: 2, "&::before": { display: "none" } }}
            >
              <AccordionSummary expandIcon={<ExpandMoreIcon />}>
                <Typography component="h2" fontWeight={600}>
                  {entry.question}
                </Typography>
              </AccordionSummary>
              <AccordionDetails>
                <Typography color="text.secondary">{entry.answer}</Typography>
              </AccordionDetails>
            </Accordion>
          ))
        )}
      </Box>
      <Paper variant="outlined" sx={{ mt: 4, p: 3, borderRadius: 3, textAlign: "center" }}>
        <Typography variant="h6" component="h2">
          Still need help?
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Our support team answers every message within one business day.
        </Typography>
        <Button variant="contained" href={`mailto:${supportEmail}`} startIcon={<MailOutline />}>
          Contact Support
        </Button>
      </Paper>
    </Box>
  );
}
