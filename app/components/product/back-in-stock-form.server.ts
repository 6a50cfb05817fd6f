// The server renders the back-in-stock form in place; in the browser build this module is empty, so
// its code loads after the product page's own (see LazyBackInStockForm).
export { BackInStockForm } from "./BackInStockForm";
