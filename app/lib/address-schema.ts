import { z } from "zod";
import { addressFields, zoneCountry } from "./checkout-schema";
import { worldCountry } from "./world-countries";

// An address-book entry: the checkout's delivery fields, so a saved address always passes checkout.
export const savedAddressSchema = z.object({
  name: addressFields.name,
  line1: addressFields.line1,
  line2: addressFields.line2,
  city: addressFields.city,
  postalCode: addressFields.postalCode,
  country: zoneCountry,
  phone: addressFields.phone,
  makeDefault: z
    .string()
    .optional()
    .transform((v) => v === "on"),
});

export type SavedAddressInput = z.infer<typeof savedAddressSchema>;

/** One line for lists and radio labels: "Ada Shopper, 12 Grafton Street, D02 X285 Dublin, Ireland". */
export function addressLine(a: {
  name: string;
  line1: string;
  line2: string;
  city: string;
  postalCode: string;
  country: string;
}): string {
  const country = worldCountry(a.country).name;
  return [a.name, a.line1, a.line2, `${a.postalCode} ${a.city}`, country].filter(Boolean).join(", ");
}
