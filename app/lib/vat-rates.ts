// Standard VAT rates (percent) of the countries Hemline delivers to (lib/countries). Prices include
// VAT; an order records the rate of its delivery country. The one VAT source: zones' tax rules are
// seeded from it, and a country missing here (not delivered to) has no VAT. Update when a country changes its rate: orders keep the rate they had.
/** The UK's standard rate: the table's GB entry and UK_VAT_DEFAULTS below. */
export const GB_VAT_RATE = 20;

export const STANDARD_VAT_RATES: Readonly<Record<string, number>> = {
  AT: 20,
  BE: 21,
  BG: 20,
  HR: 25,
  CY: 19,
  CZ: 21,
  DK: 25,
  EE: 24,
  FI: 25.5,
  FR: 20,
  DE: 19,
  GR: 24,
  HU: 27,
  IE: 23,
  IT: 22,
  LV: 21,
  LT: 21,
  LU: 17,
  MT: 18,
  NL: 21,
  NO: 25,
  PL: 23,
  PT: 23,
  RO: 21,
  SK: 23,
  SI: 22,
  ES: 21,
  SE: 25,
  CH: 8.1,
  GB: GB_VAT_RATE,
};

/** The UK VAT rule's seed (domain/tax-rule): the table's GB rate, a £135 threshold, £0.85 per base unit. */
export const UK_VAT_DEFAULTS = {
  ratePercent: GB_VAT_RATE,
  thresholdGbpMinor: 13_500,
  gbpPerBaseMicros: 850_000,
} as const;

/** "23%", "25.5%". */
export const formatVatRate = (rate: number) => `${rate}%`;
