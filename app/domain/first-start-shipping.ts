/**
 * The delivery prices (EUR cents) an empty shop starts with: the seed writes them once as the shipping
 * zone "Europe", standard delivery free from freeFromMinor (the items' value). After that the owner
 * edits the zones at /admin/shipping and these are not read again.
 */
export const FIRST_START_SHIPPING = { standardMinor: 495, expressMinor: 995, freeFromMinor: 7500 } as const;
