import type { Address } from "./commerce";

// An order of gift cards only is e-mailed: its address holds the buyer's name and country, and no
// postal part. Pages, e-mails and the invoice say so instead of printing empty lines.

/** Whether the address has somewhere to post to (a street line). */
export const hasPostalAddress = (a: Pick<Address, "line1">): boolean => a.line1.trim() !== "";

/** The lines a letter would show (name, street, postcode and town; not the country), without empty ones. */
export const postalLines = (a: Address): string[] =>
  [a.name, a.line1, a.line2, `${a.postalCode} ${a.city}`.trim()].filter((line) => line.trim() !== "");
