import { ScrollBox } from "~/components/ScrollBox";
import { formatMoney, type CurrencyCode } from "~/domain/money";
import { TableHead } from "./TableHead";

/** One unit of a gift card line: its card once issued, by its last 4 characters (the code is never shown). */
export interface IssuedGiftCardRow {
  id: string;
  amountMinor: number;
  currency: CurrencyCode;
  to: string;
  sendOn: string | null;
  card: { last4: string; balanceMinor: number; status: "active" | "voided"; waiting: boolean } | null;
}

/** The admin order page's gift cards: which card each bought unit became, where its code went and when. */
export function IssuedGiftCards({ cards }: { cards: readonly IssuedGiftCardRow[] }) {
  return (
    <section aria-labelledby="issued-gift-cards-heading" className="mt-6">
      <h3 id="issued-gift-cards-heading" className="text-sm font-semibold">
        Gift cards bought
      </h3>
      <ScrollBox label="Gift cards bought in this order">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Gift cards bought in this order</caption>
          <TableHead
            columns={[
              "Card",
              { label: "Amount", numeric: true },
              { label: "Balance", numeric: true },
              "E-mailed to",
              "Status",
            ]}
          />
          <tbody>
            {cards.map((row) => (
              <tr key={row.id} className="border-b border-stone-200" data-testid="issued-gift-card">
                <td className="py-2 pr-4 font-mono">{row.card ? `…${row.card.last4}` : "—"}</td>
                <td className="py-2 pr-4 text-right tabular-nums">{formatMoney(row.amountMinor, row.currency)}</td>
                <td className="py-2 pr-4 text-right tabular-nums">
                  {row.card ? formatMoney(row.card.balanceMinor, row.currency) : "—"}
                </td>
                <td className="py-2 pr-4">{row.to}</td>
                <td className="py-2">
                  {!row.card
                    ? "Issued when the order is paid"
                    : row.card.status === "voided"
                      ? "Voided"
                      : row.card.waiting
                        ? `To be sent on ${row.sendOn}`
                        : "Sent"}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
    </section>
  );
}
