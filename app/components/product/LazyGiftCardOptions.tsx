import { belowTheFold } from "~/components/below-the-fold";
import * as onServer from "./gift-card-options.server";

/**
 * A gift card's amounts and recipient form. Only the gift card's page shows it, so every other product
 * page's JavaScript leaves its code (and the gift card rules it imports) out: the server's form works
 * as a plain POST until the code arrives (the product page's budget, issue 27).
 */
export const LazyGiftCardOptions = belowTheFold(onServer.GiftCardOptions, () =>
  import("./GiftCardOptions").then((m) => m.GiftCardOptions),
);
