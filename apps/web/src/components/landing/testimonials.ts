/** Static marketing content (spec §1): four customer quotes. */
export interface Testimonial {
  name: string;
  role: string;
  company?: string;
  rating: number;
  text: string;
  /** Avatar: initials on a colour of their own. */
  avatarColour: string;
}

export const testimonials: Testimonial[] = [
  {
    name: "Priya Raman",
    role: "Pricing Analyst",
    company: "Northwind Outdoor",
    rating: 5,
    text: "We track forty competitor product pages. ChangeRadar tells us within the hour when a price moves, and the summaries mean nobody has to read raw diffs any more.",
    avatarColour: "#0369a1",
  },
  {
    name: "Tomás Herrera",
    role: "Compliance Officer",
    company: "Albright Financial",
    rating: 5,
    text: "Regulators update their guidance pages without notice. The change history timeline gives us an audit trail of exactly what changed and when.",
    avatarColour: "#3d7a5a",
  },
  {
    name: "Hannah Weber",
    role: "Freelance Developer",
    rating: 4,
    text: "I pipe the webhooks into my own dashboard. Signed payloads and retries just work, and the noise filter stopped the false alarms from a rotating banner.",
    avatarColour: "#a66a12",
  },
  {
    name: "Marcus Lee",
    role: "Head of Growth",
    company: "Brightline Labs",
    rating: 5,
    text: "Our team gets a Slack message whenever a competitor changes their pricing page. Setting up a monitor took two minutes.",
    avatarColour: "#6b3fa0",
  },
];
