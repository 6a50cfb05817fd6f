import { z } from "zod";
import { SHIPPING_COUNTRIES } from "./countries";
import { isCountryCode } from "./world-countries";

// The checkout form: the same schema checks the server's input and gives the browser its hints.
// Prices are never part of it: the server prices the order from the catalogue.

const text = (label: string, max: number) =>
  z
    .string({ required_error: `Enter ${label}.` })
    .trim()
    .min(1, `Enter ${label}.`)
    .max(max, `${label[0].toUpperCase()}${label.slice(1)} must be at most ${max} characters.`);

const countryCodes = SHIPPING_COUNTRIES.map((c) => c.code) as [string, ...string[]];

export const addressFields = {
  email: z
    .string({ required_error: "Enter your e-mail address." })
    .trim()
    .max(254, "E-mail addresses are at most 254 characters.")
    .email("Enter a valid e-mail address, like name@example.com."),
  name: text("your full name", 100),
  line1: text("the street address", 120),
  line2: z.string().trim().max(120, "The second address line must be at most 120 characters.").default(""),
  city: text("the town or city", 80),
  postalCode: z
    .string({ required_error: "Enter the postcode." })
    .trim()
    .min(1, "Enter the postcode.")
    .max(12, "Postcodes are at most 12 characters.")
    .regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, "Postcodes have letters, digits, spaces and hyphens only."),
  country: z.enum(countryCodes, { errorMap: () => ({ message: "Choose a country we deliver to." }) }),
  phone: z
    .string()
    .trim()
    .max(30, "Phone numbers are at most 30 characters.")
    .regex(/^$|^\+?[0-9 ()-]{6,30}$/, "Enter a phone number with digits, spaces and an optional +.")
    .default(""),
  shippingMethod: z
    .string({ required_error: "Choose a delivery method." })
    .regex(/^[a-z0-9-]{1,40}$/, "Choose a delivery method."),
};

// At checkout and in the address book the country may be any country a shipping zone holds (the
// zones are the server's: a country in no zone is refused there, with its name).
export const zoneCountry = z
  .string({ required_error: "Choose a country we deliver to." })
  .trim()
  .toUpperCase()
  .refine(isCountryCode, "Choose a country we deliver to.");

export const cardFields = {
  cardNumber: z
    .string({ required_error: "Enter your card number." })
    .transform((v) => v.replace(/[\s-]/g, ""))
    .pipe(
      z
        .string()
        .min(1, "Enter your card number.")
        .regex(/^\d{12,19}$/, "Your card number is incorrect."),
    ),
  expiry: z
    .string({ required_error: "Enter the expiry date as MM/YY." })
    .trim()
    .regex(/^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/, "Enter the expiry date as MM/YY."),
  cvc: z
    .string({ required_error: "Enter the security code (CVC)." })
    .trim()
    .regex(/^\d{3,4}$/, "The security code is 3 or 4 digits."),
};

export const checkoutKeyField = {
  checkoutKey: z
    .string()
    .regex(/^[0-9a-f-]{36}$/i, "This checkout form has expired. Please reload the page and try again."),
};

/** The address-book entry a signed-in shopper chose at checkout, or null for a typed address. */
export function chosenSavedAddress(formData: FormData): string | null {
  const value = formData.get("savedAddress");
  return typeof value === "string" && value !== "" && value !== "new" ? value.slice(0, 64) : null;
}

// With a saved address chosen, the typed address fields are ignored (the server reads the saved one).
// (Typed as the address fields so both variants share one shape; the action never reads them then.)
type AddressOnly = Pick<typeof addressFields, "name" | "line1" | "line2" | "city" | "postalCode" | "country" | "phone">;
const ignoredAddress = {
  name: z.unknown(),
  line1: z.unknown(),
  line2: z.unknown(),
  city: z.unknown(),
  postalCode: z.unknown(),
  country: z.unknown(),
  phone: z.unknown(),
} as unknown as AddressOnly;

// A purchase sent by e-mail (gift cards only) posts nothing: the name and country are asked (the
// invoice's, and the country decides the currency and tax), the postal parts are stored empty.
const notPosted = z.unknown().transform(() => "");
const unpostedAddress = {
  line1: notPosted,
  line2: notPosted,
  city: notPosted,
  postalCode: notPosted,
  phone: notPosted,
} as unknown as Pick<AddressOnly, "line1" | "line2" | "city" | "postalCode" | "phone">;

/** The form's own word that it asked for no postal address (checkout's service checks the cart agrees). */
export const BY_EMAIL_FIELD = { name: "delivery", value: "email" } as const;
export const sentByEmail = (formData: FormData) => formData.get(BY_EMAIL_FIELD.name) === BY_EMAIL_FIELD.value;

/**
 * Card fields are part of the form only when the processor takes cards on our page; the address
 * fields only when no saved address is chosen (`savedAddress`), and of them only the name and
 * country when nothing is posted (`byEmail`). Everything is checked in one pass: every error of
 * the form shows at once.
 */
export function checkoutSchema(withCard: boolean, savedAddress = false, byEmail = false) {
  return z.object({
    ...addressFields,
    country: zoneCountry,
    ...(byEmail ? unpostedAddress : {}),
    ...(savedAddress ? ignoredAddress : {}),
    // The country whose delivery prices the form showed (the server compares it with the address's).
    pricedCountry: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/)
      .optional(),
    // The market whose currency the form showed (the server compares it with the address's country's).
    pricedMarket: z
      .string()
      .trim()
      .regex(/^[a-z0-9-]{1,80}$/)
      .optional(),
    savedAddress: z.string().max(64).optional(),
    saveAddress: z
      .string()
      .optional()
      .transform((v) => v === "on"),
    ...checkoutKeyField,
    cardNumber: withCard ? cardFields.cardNumber : cardFields.cardNumber.optional(),
    expiry: withCard ? cardFields.expiry : cardFields.expiry.optional(),
    cvc: withCard ? cardFields.cvc : cardFields.cvc.optional(),
  });
}

export const payAgainSchema = z.object(cardFields);

/** "04/29" → { expMonth: 4, expYear: 2029 } (two-digit years are this century). */
export function parseExpiry(value: string): { expMonth: number; expYear: number } {
  const [month, year] = value.split("/").map((p) => Number(p.trim()));
  return { expMonth: month, expYear: 2000 + year };
}
