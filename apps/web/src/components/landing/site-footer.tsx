import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { Link as RouterLink } from "react-router";
import { Logo } from "../brand/logo";

type FooterLink = { label: string; to?: string; href?: string };

/** Spec §2 footer: Product, Support, Company and Legal. */
export const footerColumns: { title: string; links: FooterLink[] }[] = [
  {
    title: "Product",
    links: [
      { label: "Features", href: "#features" },
      { label: "Pricing", href: "#pricing" },
    ],
  },
  {
    title: "Support",
    links: [
      { label: "Help Center", to: "/faq" },
      { label: "Contact", to: "/contact-us" },
    ],
  },
  {
    title: "Company",
    links: [
      { label: "About", href: "#about" },
      { label: "Blog", to: "/blog" },
    ],
  },
  {
    title: "Legal",
    links: [
      { label: "Privacy", to: "/privacy" },
      { label: "Terms", to: "/terms" },
    ],
  },
];

export function SiteFooter() {
  return (
    <Box component="footer" sx={{ borderTop: 1, borderColor: "divider", py: 6 }}>
      <Box sx={{ display: "grid", gap: 4, gridTemplateColumns: { xs: "1fr 1fr", md: "2fr repeat(4, 1fr)" } }}>
        <Box sx={{ gridColumn: { xs: "1 / -1", md: "auto" } }}>
          <Logo />
          <Typography color="text.secondary" sx={{ mt: 1.5, maxWidth: 300 }}>
            Website change monitoring with alerts that matter.
          </Typography>
        </Box>
        {footerColumns.map((column) => (
          <Box component="nav" key={column.title} aria-label={column.title}>
            <Typography component="h2" fontWeight={600} sx={{ mb: 1.5 }}>
              {column.title}
            </Typography>
            <Stack spacing={1}>
              {column.links.map((link) =>
                link.to ? (
                  <Link
                    key={link.label}
                    component={RouterLink}
                    to={link.to}
                    color="text.secondary"
                    underline="hover"
                  >
                    {link.label}
                  </Link>
                ) : (
                  <Link key={link.label} href={link.href} color="text.secondary" underline="hover">
                    {link.label}
                  </Link>
                ),
              )}
            </Stack>
          </Box>
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 5 }}>
        © {new Date().getFullYear()} ChangeRadar. All rights reserved.
      </Typography>
    </Box>
  );
}
