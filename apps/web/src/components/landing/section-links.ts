/** The landing page sections the top bar and the mobile menu scroll to. */
export const sectionLinks = [
  { label: "Features", id: "features" },
  { label: "Pricing", id: "pricing" },
  { label: "Testimonials", id: "testimonials" },
  { label: "About", id: "about" },
] as const;
