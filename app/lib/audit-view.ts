// What the browser gets of an audit entry: the changed fields with their values as short text,
// never whole snapshots (a product's snapshot is large, and most of it did not change).

export interface AuditEntryView {
  id: string;
  at: string;
  actor: string;
  entityType: string;
  entityId: string;
  entityHref: string | null;
  action: string;
  summary: string;
  changes: Array<{ field: string; before: string; after: string }>;
}

const MAX_VALUE = 2000;

const show = (value: unknown) => {
  if (value === undefined) return "—";
  const text = typeof value === "string" ? value : JSON.stringify(value, null, 1);
  return text.length > MAX_VALUE ? `${text.slice(0, MAX_VALUE)}…` : text;
};

const IGNORED = new Set(["seq", "updatedAt"]);

/** Field-by-field differences of two snapshots; a create or delete shows every field on one side. */
export function diffSnapshots(before: unknown, after: unknown): AuditEntryView["changes"] {
  const a = before && typeof before === "object" ? (before as Record<string, unknown>) : null;
  const b = after && typeof after === "object" ? (after as Record<string, unknown>) : null;
  if (!a && !b) return [];
  const keys = [...new Set([...Object.keys(a ?? {}), ...Object.keys(b ?? {})])].filter((k) => !IGNORED.has(k));
  return keys
    .filter((k) => JSON.stringify(a?.[k]) !== JSON.stringify(b?.[k]))
    .map((field) => ({ field, before: show(a?.[field]), after: show(b?.[field]) }));
}

export function entityHref(entityType: string, entityId: string): string | null {
  switch (entityType) {
    case "product":
      return `/admin/products/${encodeURIComponent(entityId)}/edit`;
    case "post":
      return `/admin/blog/${encodeURIComponent(entityId)}/edit`;
    case "order":
      return `/admin/orders/${encodeURIComponent(entityId)}`;
    case "import":
      return `/admin/products/import?job=${encodeURIComponent(entityId)}`;
    case "user":
      return `/admin/users/${encodeURIComponent(entityId)}`;
    case "promotion":
      return `/admin/promotions/${encodeURIComponent(entityId)}/edit`;
    case "staff":
      return "/admin/staff";
    case "shipping-zone":
      return `/admin/shipping/${encodeURIComponent(entityId)}`;
    case "gift-card":
      return `/admin/gift-cards?card=${encodeURIComponent(entityId)}`;
    case "reminders":
      return "/admin/reminders";
    case "market":
      return `/admin/markets/${encodeURIComponent(entityId)}`;
    default:
      return null;
  }
}
