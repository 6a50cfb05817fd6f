import type { InvoiceNumberStore } from "../../store/port";
import { formatInvoiceNumber, parseInvoiceNumber } from "~/domain/invoice";

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
