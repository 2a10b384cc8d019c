import CloseIcon from "@mui/icons-material/Close";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Drawer from "@mui/material/Drawer";
import IconButton from "@mui/material/IconButton";
import List from "@mui/material/List";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemText from "@mui/material/ListItemText";
import Stack from "@mui/material/Stack";
import { Link } from "react-router";
import { Logo } from "../brand/logo";
import { sectionLinks } from "./section-links";

/** Spec §2: the mobile menu has the section links plus Sign In and Start Free (planType=Free). */
export default function MobileMenu({ open, onClose: close }: { open: boolean; onClose: () => void }) {
  return (
    <Drawer anchor="right" open={open} onClose={close} slotProps={{ paper: { sx: { width: 280 } } }}>
      <Box
        sx={{ display: "flex", justifyContent: "space-between", alignItems: "center", px: 2, minHeight: 60 }}
      >
        <Logo />
        <IconButton aria-label="Close menu" onClick={close}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Box component="nav" aria-label="Mobile menu">
        <List>
          {sectionLinks.map((link) => (
            <ListItemButton key={link.id} component="a" href={`#${link.id}`} onClick={close}>
              <ListItemText primary={link.label} />
            </ListItemButton>
          ))}
        </List>
        <Stack spacing={1.5} sx={{ px: 2, pt: 1 }}>
          <Button component={Link} to="/login" variant="outlined" onClick={close}>
            Sign In
          </Button>
          <Button component={Link} to="/register?planType=Free" variant="contained" onClick={close}>
            Start Free
          </Button>
        </Stack>
      </Box>
    </Drawer>
  );
}
