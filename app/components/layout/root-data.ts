import { useRouteLoaderData } from "@remix-run/react";
import { BASE_CURRENCY, type CurrencyCode } from "~/domain/money";
import type { AnalyticsConfig } from "~/lib/browser/analytics";
import type { Flash } from "~/server/http/flash.server";
import type { honeypotInputProps } from "~/server/http/honeypot.server";
import type { PolicyFigures } from "~/server/services/policies/shop-policies.server";

// What the root loader gives every page, in a module of its own so that components can read it
// without importing app/root.tsx (which imports them).

export interface RootData {
  shopName: string;
  shopShortName: string;
  supportEmail: string;
  /** Null on the error page when the root loader itself failed: then no page states a figure. */
  policies: PolicyFigures | null;
  origin: string;
  cartCount: number;
  flash: Flash | null;
  user: { email: string | null; isAdmin: boolean } | null;
  csrfToken: string;
  honeypot: ReturnType<typeof honeypotInputProps> | null;
  analytics: AnalyticsConfig | null;
  /** The shopper's market: prices on every page are in its currency. */
  market: { id: string; currency: CurrencyCode };
  /** The markets the footer offers, only when the shop has more than one. */
  marketChoices: Array<{ id: string; name: string; currency: CurrencyCode }> | null;
}

const FALLBACK_ROOT: RootData = {
  shopName: "Hemline",
  shopShortName: "hemline",
  supportEmail: "support@hemline.example",
  policies: null,
  origin: "",
  cartCount: 0,
  flash: null,
  user: null,
  csrfToken: "",
  honeypot: null,
  analytics: null,
  market: { id: "europe", currency: BASE_CURRENCY },
  marketChoices: null,
};

/** Root data, or safe defaults when the root loader itself failed (error page). */
export function useRootData(): RootData {
  return (useRouteLoaderData("root") as RootData | undefined) ?? FALLBACK_ROOT;
}

/** The currency the shopper's prices are in (their market's). */
export function useCurrency(): CurrencyCode {
  return useRootData().market.currency;
}
