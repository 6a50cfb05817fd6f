// The server renders a gift card's options in place; in the browser build this module is empty, so
// their code loads after the page's own, and only on a gift card's page (see LazyGiftCardOptions).
export { GiftCardOptions } from "./GiftCardOptions";
