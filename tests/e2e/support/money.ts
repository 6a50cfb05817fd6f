/** Cents of an amount as the shop shows it ("€1,234.50", "€75"). */
export const minorOf = (text: string): number =>
  Math.round(Number(/€\s?([\d,]+(?:\.\d{2})?)/.exec(text)![1].replace(/,/g, "")) * 100);

/** An amount as the refund form takes it ("12.50"). */
export const formAmount = (minor: number): string => (minor / 100).toFixed(2);
