/** The informational pages, grouped as the footer shows them; the sitemap lists them all. */
export const INFO_PAGES = [
  { path: "/shipping", label: "Shipping", group: "Help" },
  { path: "/returns", label: "Returns & exchanges", group: "Help" },
  { path: "/size-guide", label: "Size guide", group: "Help" },
  { path: "/care-guide", label: "Care guide", group: "Help" },
  { path: "/about", label: "About us", group: "Company" },
  { path: "/terms", label: "Terms of sale", group: "Company" },
  { path: "/privacy", label: "Privacy policy", group: "Company" },
] as const;
