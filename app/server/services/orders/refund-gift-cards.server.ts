import type { Order } from "~/domain/commerce";
import { boughtCardId } from "~/domain/gift-card";
import type { RefundLine } from "~/domain/refund-record";
import type { Store } from "../../store/port";

// Refunding gift cards an order bought: only cards nobody has spent from can be refunded, and they are
// voided when the money goes back, so a code cannot be spent after its price was returned. A card spent
// (in part) is the recipient's money now: its refund is refused, and the shop refunds the other lines.

export type GiftCardRefundPlan = { ok: true; cardIds: string[] } | { ok: false; message: string };

export async function giftCardsToVoid(
  store: Store,
  order: Order,
  lines: readonly RefundLine[],
): Promise<GiftCardRefundPlan> {
  const cardIds: string[] = [];
  for (const [i, line] of order.lines.entries()) {
    if (!line.giftCard) continue;
    const wanted = lines.filter((l) => l.sku === line.sku).reduce((sum, l) => sum + l.quantity, 0);
    if (wanted === 0) continue;
    const ids = Array.from({ length: line.quantity }, (_, unit) => boughtCardId(order.id, i, unit));
    const cards = (await Promise.all(ids.map((id) => store.giftCards.get(id)))).filter((c) => c !== null);
    const unspent = cards.filter((c) => c.status === "active" && c.balanceMinor === c.initialMinor);
    if (unspent.length < wanted)
      return {
        ok: false,
        message:
          `Only ${unspent.length} of the ${line.name} (${line.size}) cards can be refunded: the others have been spent ` +
          "(in part or in full) or voided. Nothing was refunded; refund fewer of them.",
      };
    cardIds.push(...unspent.slice(0, wanted).map((c) => c.id));
  }
  return { ok: true, cardIds };
}
