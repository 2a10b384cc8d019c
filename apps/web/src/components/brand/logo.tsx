import Box from "@mui/material/Box";
import { Link } from "react-router";
import { headerLogoHeight } from "../../theme/theme";

/** The ChangeRadar mark: radar rings, a sweep and a detected blip. */
export function LogoMark({ size = headerLogoHeight }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#1e293b" />
      <circle cx="32" cy="32" r="22" fill="none" stroke="#94a3b8" strokeWidth="3" opacity="0.6" />
      <circle cx="32" cy="32" r="13" fill="none" stroke="#94a3b8" strokeWidth="3" opacity="0.8" />
      <path d="M32 32 L32 10 A22 22 0 0 1 51 21 Z" fill="#38bdf8" opacity="0.55" />
      <line x1="32" y1="32" x2="51" y2="21" stroke="#e0f2fe" strokeWidth="3" strokeLinecap="round" />
      <circle cx="32" cy="32" r="3.5" fill="#e0f2fe" />
      <circle cx="43" cy="17" r="4" fill="#f59e0b" />
    </svg>
  );
}

/** Mark plus word mark, 30 px high as spec §1 fixes for the header. */
export function Logo({ showName = true }: { showName?: boolean }) {
  return (
    <Box
      component="span"
      sx={{
        display: "inline-flex",
        alignItems: "center",
        gap: 1,
        height: headerLogoHeight,
        color: "primary.main",
      }}
    >
      <LogoMark />
      {showName && (
        <Box component="span" sx={{ fontWeight: 700, fontSize: "1.15rem", letterSpacing: "-0.01em" }}>
          ChangeRadar
        </Box>
      )}
    </Box>
  );
}

/** The clickable header logo: goes home (spec §2). */
export function HomeLogoLink({ to = "/" }: { to?: string }) {
  return (
    <Box
      component={Link}
      to={to}
      aria-label="ChangeRadar home"
      sx={{ display: "flex", textDecoration: "none" }}
    >
      <Logo />
    </Box>
  );
}
