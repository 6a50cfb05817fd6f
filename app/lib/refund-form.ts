import { z } from "zod";
import { BASE_CURRENCY, CURRENCIES, parseMinor, type CurrencyCode } from "~/domain/money";

// The refund form on the admin order page: an amount in the order's currency, a reason, and per order line a
// quantity and whether the units go back on sale. Whether the refund fits what remains is the
// refund rules' decision (app/domain/refund.ts); this only reads what was typed.

export const REFUND_REASON_MAX = 500;

/** The form for an order in `currency`: the amount is typed in it (pounds for an order in pounds). */
export const refundFormSchema = (currency: CurrencyCode = BASE_CURRENCY) =>
  z.object({
    amount: z
      .string({ required_error: "Enter the amount to refund." })
      .trim()
      .min(1, "Enter the amount to refund.")
      .transform((text, ctx) => {
        const minor = parseMinor(text, currency);
        if (minor === null) {
          const example = CURRENCIES[currency].minorDigits === 0 ? "1250" : "12.50";
          ctx.addIssue({ code: "custom", message: `Enter the amount in ${currency}, such as ${example}.` });
          return z.NEVER;
        }
        return minor;
      }),
    reason: z
      .string()
      .trim()
      .max(REFUND_REASON_MAX, `A reason has at most ${REFUND_REASON_MAX} characters.`)
      .default(""),
  });

/** Per line: `quantity-{i}` (whole number, blank is 0) and the `restock-{i}` checkbox, for the order's i-th line. */
export function readRefundLines(
  formData: FormData,
  skus: readonly string[],
): { lines: Array<{ sku: string; quantity: number; restock: boolean }> } | { error: string } {
  const lines = [];
  for (const [i, sku] of skus.entries()) {
    const raw = formData.get(`quantity-${i}`);
    const text = typeof raw === "string" ? raw.trim() : "";
    if (text !== "" && !/^\d{1,4}$/.test(text)) return { error: "Enter whole numbers of items." };
    lines.push({ sku, quantity: text === "" ? 0 : Number(text), restock: formData.get(`restock-${i}`) === "on" });
  }
  return { lines };
}
