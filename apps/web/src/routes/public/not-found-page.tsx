import { messages } from "@changeradar/contracts";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { Link } from "react-router";

export default function NotFoundPage() {
  return (
    <Box sx={{ textAlign: "center", py: { xs: 6, sm: 10 } }}>
      <Typography
        variant="h1"
        component="p"
        color="text.secondary"
        sx={{ fontSize: { xs: "4rem", sm: "6rem" } }}
      >
        404
      </Typography>
      <Typography variant="h4" component="h1" gutterBottom>
        {messages.notFoundTitle}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        The page you are looking for does not exist or has moved.
      </Typography>
      <Button component={Link} to="/" variant="contained" size="large">
        Back to Home
      </Button>
    </Box>
  );
}
