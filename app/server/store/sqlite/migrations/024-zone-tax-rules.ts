// Taxes by zone (issue 29): each shipping zone's tax rule (domain/tax-rule) as JSON. A zone saved
// before rules existed has none (NULL) and is read as eu-vat at the configured rates: today's VAT.
export default `
ALTER TABLE shipping_zones ADD COLUMN tax_rule TEXT;
`;
