import { Link } from "@remix-run/react";
import { formatMoney, BASE_CURRENCY, type CurrencyCode } from "~/domain/money";
import type { OrderLine } from "~/domain/commerce";
import { GiftCardLineNote } from "./GiftCardLineNote";

/** The snapshot of what was bought: names and prices as they were when the order was placed, in its currency. */
export function OrderLines({
  lines,
  currency = BASE_CURRENCY,
}: {
  lines: readonly OrderLine[];
  currency?: CurrencyCode;
}) {
  return (
    <ul className="divide-y divide-stone-200 border-y border-stone-200">
      {lines.map((line, i) => (
        <li key={`${line.productId}-${line.size}-${line.colour}-${i}`} className="flex gap-4 py-4">
          {line.imageUrl ? (
            <img
              src={line.imageUrl}
              alt=""
              width={64}
              height={80}
              className="h-20 w-16 rounded bg-stone-100 object-cover"
            />
          ) : null}
          <div className="flex-1 text-sm">
            <Link to={`/products/${line.productId}`} className="font-medium hover:underline">
              {line.name}
            </Link>
            {line.giftCard ? (
              <GiftCardLineNote amount={line.size} details={line.giftCard} />
            ) : (
              <p className="text-stone-600">
                {line.colour} · Size {line.size} · SKU {line.sku}
              </p>
            )}
            <p>
              {line.quantity} × {formatMoney(line.unitPriceMinor, currency)}
            </p>
          </div>
          <p className="text-right text-sm font-semibold">
            {formatMoney(line.unitPriceMinor * line.quantity, currency)}
            {/* Orders from before promotions and VAT were recorded lack these figures. */}
            {line.discountMinor ? (
              <span className="block text-xs font-normal text-red-700" data-testid="line-discount">
                Discount −{formatMoney(line.discountMinor, currency)}
              </span>
            ) : null}
            {line.vatMinor !== undefined ? (
              <span className="block text-xs font-normal text-stone-600">
                incl. VAT {formatMoney(line.vatMinor, currency)}
              </span>
            ) : null}
          </p>
        </li>
      ))}
    </ul>
  );
}
