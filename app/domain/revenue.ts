import type { OrderStatus } from "./commerce";

/**
 * The order statuses that are sales (see app/server/services/analytics/revenue-rules.server.ts):
 * here, outside the server code, so the back office's notes can say which orders they count
 * from the same list the reports use.
 */
export const REVENUE_STATUSES: readonly OrderStatus[] = ["paid", "shipped", "delivered", "partially_refunded"];
