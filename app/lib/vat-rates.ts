// Standard VAT rates (percent) of the countries Hemline delivers to (lib/countries). Prices include
// VAT; an order records the rate of its delivery country, or the shop-wide default (VAT_DEFAULT_RATE)
// for a country missing here. Update when a country changes its rate: orders keep the rate they had.
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
  GB: 20,
};

/** "23%", "25.5%". */
export const formatVatRate = (rate: number) => `${rate}%`;
