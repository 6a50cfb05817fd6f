// A saved item keeps the price in the shopper's market at saving (issue 44), so a price drop
// compares their market's prices, not euros. NULL (every item saved before this): only the base
// price at saving is known, and the wishlist compares as well as that allows (`savedPriceIn`).
export default `
ALTER TABLE wishlist_items ADD COLUMN saved_market_id TEXT;
ALTER TABLE wishlist_items ADD COLUMN saved_currency TEXT;
ALTER TABLE wishlist_items ADD COLUMN saved_market_price_minor INTEGER;
`;
