import { API_SCOPES } from "~/domain/api-key";
import { ORDER_STATUSES } from "~/domain/commerce";
import { CURRENCY_CODES } from "~/domain/money";
import { PROBLEM_TYPES } from "./problem.server";

// The admin API's OpenAPI 3.1 document, kept as code next to the endpoints it describes and
// served at /api/v1/openapi.json. The tests validate every answer of every endpoint against the
// schemas here, so the document cannot drift from what the API sends. Schemas keep to the part of
// JSON Schema 2020-12 that draft-07 validators read alike (type lists for null, no `nullable`).

type Schema = Record<string, unknown>;

const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const str: Schema = { type: "string" };
const int: Schema = { type: "integer" };
const nullable = (type: string): Schema => ({ type: [type, "null"] });
const object = (properties: Record<string, Schema>, required = Object.keys(properties)): Schema => ({
  type: "object",
  properties,
  required,
  additionalProperties: false,
});
const page = (item: string, extra: Record<string, Schema> = {}): Schema =>
  object({ data: { type: "array", items: ref(item) }, nextCursor: nullable("string"), ...extra });

const ownPriceCurrency: Schema = { type: "string", enum: [...CURRENCY_CODES] };

const schemas: Record<string, Schema> = {
  Problem: {
    type: "object",
    description: "RFC 9457 problem details.",
    properties: {
      type: { type: "string", format: "uri" },
      title: { type: "string", enum: Object.values(PROBLEM_TYPES) },
      status: { type: "integer", minimum: 400, maximum: 599 },
      detail: str,
      errors: { type: "array", items: object({ field: str, message: str }) },
    },
    required: ["type", "title", "status", "detail"],
    additionalProperties: false,
  },
  Variant: object({ sku: str, size: str, colour: str, stock: { type: "integer", minimum: 0 }, priceMinor: int }),
  Product: object(
    {
      id: str,
      slug: str,
      name: str,
      status: { type: "string", enum: ["draft", "active", "archived"] },
      category: str,
      currency: { type: "string", enum: ["EUR"] },
      priceMinor: int,
      compareAtMinor: nullable("integer"),
      version: { type: "integer", description: "Send it back with a write: the stale-edit check." },
      createdAt: str,
      updatedAt: str,
      variants: { type: "array", items: ref("Variant") },
      marketPrices: {
        type: "object",
        description:
          "The product's own prices by market id, in markets not priced at base: each in the market's currency " +
          "and its minor units. A market left out sells the product at its euro price converted at the market's " +
          "rate and ending. Always in API answers; webhook payloads leave it out.",
        additionalProperties: object({ priceMinor: { type: "integer", minimum: 1 }, currency: ownPriceCurrency }),
      },
    },
    [
      "id",
      "slug",
      "name",
      "status",
      "category",
      "currency",
      "priceMinor",
      "compareAtMinor",
      "version",
      "createdAt",
      "updatedAt",
      "variants",
    ],
  ),
  ProductPage: page("Product", {
    hasMore: { type: "boolean", description: "False when this page reached the latest change." },
  }),
  OrderStatus: { type: "string", enum: [...ORDER_STATUSES] },
  Refund: object({
    id: str,
    amountMinor: int,
    reason: str,
    state: { type: "string", enum: ["pending", "succeeded"] },
    returnId: nullable("string"),
    at: str,
    lines: { type: "array", items: object({ sku: str, quantity: int, restock: { type: "boolean" } }) },
  }),
  Order: object({
    id: str,
    number: str,
    status: ref("OrderStatus"),
    email: str,
    customerId: nullable("string"),
    currency: {
      type: "string",
      enum: [...CURRENCY_CODES],
      description: "The order's currency (its market's): every amount of the order is in its minor units.",
    },
    rateMicros: {
      type: "integer",
      description: "Units of the order's currency per euro when it was priced, in millionths (1000000 for euros).",
    },
    subtotalMinor: int,
    discountMinor: int,
    shippingMinor: int,
    totalMinor: int,
    vatMinor: nullable("integer"),
    invoiceNumber: nullable("string"),
    trackingNumber: nullable("string"),
    shippingMethod: {
      type: "string",
      description: "The delivery method's id in its shipping zone (standard, express in the seeded shop)",
    },
    shippingAddress: object({
      name: str,
      line1: str,
      line2: str,
      city: str,
      postalCode: str,
      country: str,
      phone: str,
    }),
    paymentState: { type: "string", enum: ["pending", "succeeded", "failed", "refunded"] },
    lines: {
      type: "array",
      items: object({
        sku: str,
        productId: str,
        name: str,
        size: str,
        colour: str,
        quantity: int,
        unitPriceMinor: int,
        discountMinor: int,
      }),
    },
    statusHistory: {
      type: "array",
      items: object({
        status: { anyOf: [ref("OrderStatus"), { type: "null" }] },
        at: str,
        note: nullable("string"),
        by: str,
      }),
    },
    refunds: { type: "array", items: ref("Refund") },
    createdAt: str,
    updatedAt: str,
  }),
  OrderPage: page("Order"),
  Customer: object({ id: str, email: str, name: nullable("string"), createdAt: str }),
  CustomerPage: page("Customer"),
  Return: object({
    id: str,
    number: str,
    orderId: str,
    orderNumber: str,
    status: { type: "string", enum: ["requested", "approved", "rejected", "received", "refunded"] },
    reason: str,
    lines: { type: "array", items: object({ sku: str, quantity: int, restock: nullable("boolean") }) },
    refundId: nullable("string"),
    createdAt: str,
    updatedAt: str,
  }),
  ReturnPage: page("Return"),
  RefundCreated: object({ refund: ref("Refund"), order: ref("Order") }),
  VariantPatch: {
    type: "object",
    properties: {
      version: { type: "integer", minimum: 0 },
      stock: { type: "integer", minimum: 0 },
      priceMinor: { type: "integer", minimum: 0, description: "The product's price: every variant of it has it." },
    },
    required: ["version"],
    additionalProperties: false,
  },
  ProductPatch: {
    type: "object",
    properties: {
      version: { type: "integer", minimum: 0 },
      marketPrices: {
        type: "object",
        description:
          "By market id: its own price in that market's minor units (pence, cents; whole yen), or null to sell at " +
          "the converted price again. Markets not sent keep theirs. Refused (400, nothing saved): a market that does " +
          "not exist or is priced at base (the euro default), an amount that is not a whole number above zero, a " +
          "currency other than the market's, any price on a gift card product.",
        additionalProperties: {
          anyOf: [
            {
              type: "object",
              properties: { priceMinor: { type: "integer", minimum: 1 }, currency: ownPriceCurrency },
              required: ["priceMinor"],
              additionalProperties: false,
            },
            { type: "null" },
          ],
        },
      },
    },
    required: ["version", "marketPrices"],
    additionalProperties: false,
  },
  Shipment: {
    type: "object",
    properties: { trackingNumber: { type: "string", minLength: 1, maxLength: 64 }, note: str },
    required: ["trackingNumber"],
    additionalProperties: false,
  },
  RefundRequest: {
    type: "object",
    properties: {
      amountMinor: { type: "integer", minimum: 1 },
      reason: str,
      lines: {
        type: "array",
        items: object({ sku: str, quantity: { type: "integer", minimum: 1 }, restock: { type: "boolean" } }),
      },
    },
    required: ["amountMinor"],
    additionalProperties: false,
  },
};

const problem = (description: string) => ({
  description,
  content: { "application/problem+json": { schema: ref("Problem") } },
});
const json = (description: string, schema: string) => ({
  description,
  content: { "application/json": { schema: ref(schema) } },
});
const errors = {
  "400": problem("Invalid input: bad JSON, wrong types, an unknown status or a cursor the list did not give."),
  "401": problem("No API key, or one that is unknown or revoked (with WWW-Authenticate)."),
  "403": problem("The key lacks the permission."),
  "404": problem("No such record."),
  "405": problem("The address does not take this method."),
  "409": problem("The record changed since it was read, or the change is not allowed from its state."),
  "413": problem("The body is over 64 KB."),
  "415": problem("The body is not application/json."),
  "429": problem("Too many requests with this key (with Retry-After)."),
  "502": problem("The payment processor did not answer a refund."),
};
const pick = (...codes: Array<keyof typeof errors>) => Object.fromEntries(codes.map((c) => [c, errors[c]]));
const pageParams = [
  { name: "limit", in: "query", schema: { type: "integer", minimum: 1, maximum: 100, default: 50 } },
  { name: "cursor", in: "query", schema: str, description: "nextCursor of the previous page." },
];
const idParam = (name: string) => ({ name, in: "path", required: true, schema: str });
const read = (scope: string, summary: string, schema: string, parameters: unknown[], notFound = false) => ({
  summary,
  security: [{ apiKey: [scope] }],
  parameters,
  responses: {
    "200": json(summary, schema),
    ...pick("400", "401", "403", "405", "429"),
    ...(notFound ? pick("404") : {}),
  },
});
const write = (scope: string, summary: string, body: string, ok: [string, string], parameters: unknown[]) => ({
  summary,
  security: [{ apiKey: [scope] }],
  parameters,
  requestBody: { required: true, content: { "application/json": { schema: ref(body) } } },
  responses: {
    [ok[0]]: json(summary, ok[1]),
    ...pick("400", "401", "403", "404", "405", "409", "413", "415", "429"),
    ...(scope === "orders:write" ? pick("502") : {}),
  },
});

export const OPENAPI_DOCUMENT = {
  openapi: "3.1.0",
  info: {
    title: "Hemline admin API",
    version: "1.0.0",
    description:
      "The shop's products, orders, customers and returns for other systems. Keys are made by the owner " +
      "at /admin/api-keys; send one as `Authorization: Bearer <key>`. Money is in integer cents. " +
      "Lists are paged with `cursor`.",
  },
  servers: [{ url: "/api/v1" }],
  components: {
    securitySchemes: {
      apiKey: { type: "http", scheme: "bearer", description: `Scopes: ${API_SCOPES.join(", ")}.` },
    },
    schemas,
  },
  paths: {
    "/products": { get: read("products:read", "Products, in order of last change", "ProductPage", pageParams) },
    "/products/{id}": {
      get: read("products:read", "One product", "Product", [idParam("id")], true),
      patch: write(
        "products:write",
        "Set or clear the product's own prices in markets",
        "ProductPatch",
        ["200", "Product"],
        [idParam("id")],
      ),
    },
    "/products/{id}/variants/{sku}": {
      get: read("products:read", "One variant", "Variant", [idParam("id"), idParam("sku")], true),
      patch: write(
        "products:write",
        "Set a variant's stock and price",
        "VariantPatch",
        ["200", "Product"],
        [idParam("id"), idParam("sku")],
      ),
    },
    "/orders": {
      get: read("orders:read", "Orders, newest first", "OrderPage", [
        ...pageParams,
        { name: "status", in: "query", schema: ref("OrderStatus") },
      ]),
    },
    "/orders/{id}": { get: read("orders:read", "One order", "Order", [idParam("id")], true) },
    "/orders/{id}/shipment": {
      post: write("orders:write", "Mark the order shipped", "Shipment", ["200", "Order"], [idParam("id")]),
    },
    "/orders/{id}/refunds": {
      post: write(
        "orders:write",
        "Refund part or all of the order",
        "RefundRequest",
        ["201", "RefundCreated"],
        [idParam("id")],
      ),
    },
    "/customers": { get: read("customers:read", "Customers, newest first", "CustomerPage", pageParams) },
    "/customers/{id}": { get: read("customers:read", "One customer", "Customer", [idParam("id")], true) },
    "/returns": { get: read("orders:read", "Returns, newest order first", "ReturnPage", pageParams) },
  },
} as const;
