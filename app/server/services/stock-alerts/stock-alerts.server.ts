import crypto from "node:crypto";
import type { Mailer } from "../../mail/port";
import {
  backInStockMail,
  stockAlertConfirmationMail,
  type StockAlertMailContext,
} from "../../mail/templates/stock-alerts.server";
import type { Store } from "../../store/port";
import type { StockAlert } from "~/domain/stock-alert";
import type { Product } from "~/domain/product";
import { canSell } from "~/domain/sellable";
import { createRateLimiter, LIMITS, RateLimitedError } from "../accounts/rate-limit.server";

// "E-mail me when it is back" on a sold-out size × colour. Rules: one alert per address and
// variant; only a sold-out variant of a product on sale can be watched; when its stock comes back
// (an edit, an import, a cancellation or refund, a failed payment's release) each waiting alert
// is e-mailed once: claimed in a transaction first, so whichever instance sees it, one sends.

export interface StockAlertsDeps {
  store: Store;
  secret: string;
  shopName: string;
  supportEmail: string;
  publicOrigin: string;
  mailer: Mailer;
  now?: () => Date;
}

export type SubscribeResult =
  | { ok: true; message: string }
  | { ok: false; status: number; message: string; retryAfterSeconds?: number };

const alertId = (email: string, productId: string, size: string, colour: string) =>
  crypto
    .createHash("sha256")
    .update(JSON.stringify([email, productId, size, colour]))
    .digest("base64url")
    .slice(0, 32);

const describe = (product: Product, a: { colour: string; size: string }) =>
  `${product.name} in ${a.colour}, size ${a.size}`;

export function createStockAlertsService(deps: StockAlertsDeps) {
  const { store } = deps;
  const now = () => (deps.now?.() ?? new Date()).toISOString();
  // Counters live in the store, so every instance counts the same requests.
  const limiter = createRateLimiter(store.rateLimits, () => (deps.now?.() ?? new Date()).getTime());
  const sign = (id: string) =>
    crypto.createHmac("sha256", deps.secret).update(`stock-alert:${id}`).digest("base64url").slice(0, 32);
  const tokenFor = (id: string) => `${id}.${sign(id)}`;
  const idFromToken = (token: string | null): string | null => {
    const [id, mac] = (token ?? "").split(".");
    if (!id || !mac || mac.length !== 32) return null;
    const expected = Buffer.from(sign(id));
    const given = Buffer.from(mac);
    return given.length === expected.length && crypto.timingSafeEqual(expected, given) ? id : null;
  };
  const mailContext = (alert: StockAlert, product: Product): StockAlertMailContext => ({
    shop: { shopName: deps.shopName, supportEmail: deps.supportEmail, origin: deps.publicOrigin },
    to: alert.email,
    item: describe(product, alert),
    productUrl: `${deps.publicOrigin}/products/${product.id}?colour=${encodeURIComponent(alert.colour)}`,
    unsubscribeUrl: `${deps.publicOrigin}/stock-alerts/unsubscribe?token=${tokenFor(alert.id)}`,
  });

  return {
    /** `ip`: the client's address; null only for callers that have none. */
    async subscribe(
      input: { email: string; productId: string; size: string; colour: string },
      ip: string | null,
    ): Promise<SubscribeResult> {
      const email = input.email.trim().toLowerCase();
      // Each new alert e-mails its address: limited per asking client and per address written in.
      for (const [key, limit] of [
        [ip ? `stock-alert-ip:${ip}` : null, LIMITS.stockAlertsPerIp],
        [`stock-alert-email:${email}`, LIMITS.stockAlertsPerEmail],
      ] as const) {
        const wait = key ? await limiter.hit(key, limit) : 0;
        if (wait > 0)
          return { ok: false, status: 429, message: new RateLimitedError(wait).message, retryAfterSeconds: wait };
      }
      const product = await store.products.get(input.productId);
      const variant =
        product?.status === "active"
          ? product.variants.find((v) => v.size === input.size && v.colour === input.colour)
          : undefined;
      if (!product || !variant) return { ok: false, status: 404, message: "Choose a size and colour of this product." };
      if (canSell(variant))
        return { ok: false, status: 409, message: `${describe(product, variant)} is in stock: add it to your cart.` };
      const alert: StockAlert = {
        id: alertId(email, product.id, variant.size, variant.colour),
        email,
        productId: product.id,
        size: variant.size,
        colour: variant.colour,
        createdAt: now(),
        sentAt: null,
      };
      const { created } = await store.stockAlerts.subscribe(alert);
      if (created) {
        try {
          await deps.mailer.send(await stockAlertConfirmationMail(mailContext(alert, product)));
        } catch (error) {
          console.error("The back-in-stock confirmation could not be sent", error);
        }
      }
      return { ok: true, message: `We will e-mail ${email} when ${describe(product, variant)} is back.` };
    },

    /** The alert an unsubscribe link names, when its signature is right. */
    async forToken(token: string | null): Promise<(StockAlert & { item: string }) | null> {
      const id = idFromToken(token);
      const alert = id ? await store.stockAlerts.get(id) : null;
      if (!alert) return null;
      const product = await store.products.get(alert.productId);
      return { ...alert, item: product ? describe(product, alert) : "a product no longer sold" };
    },

    async unsubscribe(token: string | null): Promise<boolean> {
      const id = idFromToken(token);
      return id ? store.stockAlerts.remove(id) : false;
    },

    /**
     * Call after anything that may have put stock back: e-mails every waiting alert whose variant
     * has stock now, each once (a claim decides). Returns how many this call sent.
     */
    async notify(productIds: readonly string[]): Promise<number> {
      let sent = 0;
      for (const productId of new Set(productIds)) {
        const waiting = await store.stockAlerts.waiting(productId);
        if (waiting.length === 0) continue;
        const product = await store.products.get(productId);
        if (!product || product.status !== "active") continue;
        for (const alert of waiting) {
          const stock = product.variants.find((v) => v.size === alert.size && v.colour === alert.colour)?.stock ?? 0;
          const claimedAt = now();
          if (stock <= 0 || !(await store.stockAlerts.claim(alert.id, claimedAt))) continue;
          try {
            await deps.mailer.send(await backInStockMail(mailContext(alert, product)));
            sent += 1;
          } catch (error) {
            // Not sent: the alert waits again, and the next restock of this product tries once more.
            console.error(`The back-in-stock e-mail to ${alert.email} could not be sent`, error);
            await store.stockAlerts.release(alert.id, claimedAt);
          }
        }
      }
      return sent;
    },
  };
}

export type StockAlertsService = ReturnType<typeof createStockAlertsService>;
