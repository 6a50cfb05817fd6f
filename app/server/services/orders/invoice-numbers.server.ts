import type { Order } from "~/domain/commerce";
import type { InvoiceNumberStore, Store } from "../../store/port";
import { formatInvoiceNumber, paidAt, parseInvoiceNumber } from "~/domain/invoice";

// Invoice numbers, given at payment: "INV-{year}-{six digits}", a series per calendar year.
// Each process reserves a block of numbers from the store and hands them out in memory, so the
// counter document is written once per block rather than by every paid order (Firestore allows
// about one sustained write a second to a document). A number whose payment did not go through is
// handed out again; numbers still unused when a process stops, or when the year turns, are
// skipped. A block of 1 gives gap-free numbers at the price of one counter write per payment.

export interface InvoiceNumbers {
  /** The next number of the current year's series. */
  take(): Promise<string>;
  /** A number taken for a payment that did not happen: it goes to the next payment. */
  giveBack(number: string): void;
}

export function createInvoiceNumbers(
  store: InvoiceNumberStore,
  options: { blockSize: number; now?: () => Date },
): InvoiceNumbers {
  const blockSize = Math.max(1, Math.floor(options.blockSize));
  const seriesNow = () => String((options.now ?? (() => new Date()))().getUTCFullYear());
  let block: { series: string; next: number; end: number } | null = null;
  let given: { series: string; n: number }[] = [];
  // One reservation at a time: payments arriving together share the block it brings.
  let reserving: Promise<void> | null = null;

  const reserve = (series: string) =>
    (reserving ??= store
      .reserve(series, blockSize)
      .then((first) => {
        block = { series, next: first, end: first + blockSize };
      })
      .finally(() => {
        reserving = null;
      }));

  return {
    async take() {
      for (;;) {
        const series = seriesNow();
        given = given.filter((g) => g.series === series);
        const reused = given.sort((a, b) => a.n - b.n).shift();
        if (reused) return formatInvoiceNumber(series, reused.n);
        if (block && block.series === series && block.next < block.end)
          return formatInvoiceNumber(series, block.next++);
        await reserve(series);
      }
    },
    giveBack(number) {
      const parsed = parseInvoiceNumber(number);
      if (parsed) given.push(parsed);
    },
  };
}

/**
 * Numbers for paid orders that have none (a seeded history, orders paid before invoices existed),
 * given in the order they were paid from each year's counter, as live payments would have had them.
 */
export async function numbersInPaymentOrder(store: InvoiceNumberStore, orders: readonly Order[]) {
  const paid = orders
    .filter((order) => !order.invoiceNumber)
    .map((order) => ({ order, at: paidAt(order) }))
    .filter((p): p is { order: Order; at: string } => p.at !== undefined)
    .sort((a, b) => a.at.localeCompare(b.at));
  const numbers = new Map<string, string>();
  for (const series of new Set(paid.map((p) => p.at.slice(0, 4)))) {
    const ofYear = paid.filter((p) => p.at.startsWith(series));
    const first = await store.reserve(series, ofYear.length);
    ofYear.forEach((p, i) => numbers.set(p.order.id, formatInvoiceNumber(series, first + i)));
  }
  return numbers;
}

/**
 * Once per shop, at start: give the paid orders written before invoices existed their numbers.
 * Claimed like seeding (one instance does it); an order paid meanwhile keeps the number its payment gave it.
 */
export async function numberPastInvoices(store: Store, log: (line: string) => void): Promise<number> {
  const key = "invoice-numbers-for-past-orders";
  if ((await store.once.claim(key, { now: new Date(), staleMs: 10 * 60_000 })) !== "claimed") return 0;
  const orders: Order[] = [];
  for (let offset = 0; ; offset += 500) {
    const page = await store.orders.list({ limit: 500, offset });
    orders.push(...page.orders);
    if (page.orders.length < 500) break;
  }
  const numbers = await numbersInPaymentOrder(store.invoiceNumbers, orders);
  let given = 0;
  for (const [id, invoiceNumber] of numbers) {
    const result = await store.orders.revise(id, (order) =>
      order.invoiceNumber
        ? { ok: false, message: "numbered meanwhile" }
        : { ok: true, order: { ...order, invoiceNumber }, restock: [] },
    );
    if (result.kind === "ok") given += 1;
  }
  if (given > 0) log(`Gave ${given} paid orders from before invoices their invoice numbers.`);
  await store.once.finish(key);
  return given;
}
