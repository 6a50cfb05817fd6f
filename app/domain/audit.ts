// The audit log's domain types, shared by both store adapters and the audit service.

/** What an audit entry is about; the orders engineer records "order", the blog editor "post". */
export type AuditEntityType =
  | "product"
  | "post"
  | "order"
  | "import"
  | "user"
  | "review"
  | "promotion"
  | "api-key"
  | "webhook"
  | "staff"
  | "shipping-zone"
  | "gift-card"
  | "reminders"
  | "market";

export const AUDIT_ENTITY_TYPES: readonly AuditEntityType[] = [
  "product",
  "post",
  "order",
  "import",
  "user",
  "review",
  "promotion",
  "api-key",
  "webhook",
  "staff",
  "shipping-zone",
  "gift-card",
  "reminders",
  "market",
];

export interface AuditEntry {
  /**
   * Sortable and unique: the ISO time followed by random hex, so "newest first" is simply
   * "greatest id first" on both backends and pagination needs only one cursor.
   */
  id: string;
  /** ISO date of the change. */
  at: string;
  /** E-mail of the admin who made it. */
  actor: string;
  entityType: AuditEntityType;
  entityId: string;
  /** create, update, delete, archive, import, status, refund… */
  action: string;
  /** One line a person can read in the log. */
  summary: string;
  /** JSON snapshots of the entity before and after; null when there is none (create, delete). */
  before: unknown;
  after: unknown;
}

export interface AuditFilter {
  entityType?: AuditEntityType;
  entityId?: string;
  /** Entries older than this id (the previous page's nextBefore). */
  before?: string;
  limit: number;
}

export interface AuditPage {
  entries: AuditEntry[];
  /** The cursor for the next (older) page; null on the last page. */
  nextBefore: string | null;
}
