import crypto from "node:crypto";
import { diffSnapshots, entityHref, type AuditEntryView } from "~/lib/audit-view";
import type { AuditEntityType, AuditEntry, AuditPage } from "~/domain/audit";
import type { Store } from "../../store/port";

// The audit log of every admin change: who, when, what, and the entity before and after.
// Services that make admin changes call record(); the orders engineer records order changes
// the same way through the shop's audit service (context.shop.audit.record({...}) in a route).

export interface AuditRecord {
  /** The admin's e-mail. */
  actor: string;
  entityType: AuditEntityType;
  entityId: string;
  action: string;
  summary: string;
  before?: unknown;
  after?: unknown;
}

export const AUDIT_PAGE_SIZE = 50;

/** Top-level fields that differ between two snapshots (shown as "changed: name, price"). */
export function changedFields(before: unknown, after: unknown): string[] {
  if (!before || !after || typeof before !== "object" || typeof after !== "object") return [];
  const a = before as Record<string, unknown>;
  const b = after as Record<string, unknown>;
  return [...new Set([...Object.keys(a), ...Object.keys(b)])]
    .filter((k) => k !== "seq" && k !== "updatedAt" && JSON.stringify(a[k]) !== JSON.stringify(b[k]))
    .sort();
}

/** An entry as the back office shows it. */
export function viewOf(e: AuditEntry): AuditEntryView {
  return {
    id: e.id,
    at: e.at,
    actor: e.actor,
    entityType: e.entityType,
    entityId: e.entityId,
    entityHref: e.action === "delete" ? null : entityHref(e.entityType, e.entityId),
    action: e.action,
    summary: e.summary,
    changes: diffSnapshots(e.before, e.after),
  };
}

/** What the audit log needs: the store it writes to. */
export interface AuditDeps {
  store: Store;
  /** The time entries are stamped with; absent in production, where it is the real clock (tests fix it). */
  now?: () => Date;
}

export function createAuditService(deps: AuditDeps) {
  const { store } = deps;
  const clock = deps.now ?? (() => new Date());
  let counter = 0;
  return {
    async record(input: AuditRecord): Promise<AuditEntry> {
      const at = clock().toISOString();
      // The id sorts by time, then by this process's counter (changes in the same millisecond
      // keep their order); the random part keeps ids from two server processes apart.
      counter = (counter + 1) % 1_000_000;
      const id = `${at}-${String(counter).padStart(6, "0")}-${crypto.randomBytes(4).toString("hex")}`;
      const entry: AuditEntry = {
        id,
        at,
        actor: input.actor,
        entityType: input.entityType,
        entityId: input.entityId,
        action: input.action,
        summary: input.summary.slice(0, 500),
        before: input.before ?? null,
        after: input.after ?? null,
      };
      await store.audit.append(entry);
      return entry;
    },

    list(filter: {
      entityType?: AuditEntityType;
      entityId?: string;
      before?: string;
      limit?: number;
    }): Promise<AuditPage> {
      return store.audit.list({ ...filter, limit: Math.min(filter.limit ?? AUDIT_PAGE_SIZE, 200) });
    },

    /** One page for the back office: entries as views and the cursor of the next page. */
    async listViews(filter: { entityType?: AuditEntityType; entityId?: string; before?: string; limit?: number }) {
      const page = await store.audit.list({ ...filter, limit: Math.min(filter.limit ?? AUDIT_PAGE_SIZE, 200) });
      return { entries: page.entries.map(viewOf), nextBefore: page.nextBefore };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
