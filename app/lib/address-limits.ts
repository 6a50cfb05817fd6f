/** How many addresses a shopper may save (the address-book service enforces it; pages hide "Add" at it). */
export const MAX_ADDRESSES = 10;
