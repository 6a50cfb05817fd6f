import type { AuditEntry, AuditEntityType } from "~/domain/audit";
import type { AuditStore } from "../port";
import type { SqliteDatabase } from "./database.server";

interface AuditRow {
  id: string;
  at: string;
  actor: string;
  entity_type: string;
  entity_id: string;
  action: string;
  summary: string;
  before_json: string | null;
  after_json: string | null;
}

const fromRow = (row: AuditRow): AuditEntry => ({
  id: row.id,
  at: row.at,
  actor: row.actor,
  entityType: row.entity_type as AuditEntityType,
  entityId: row.entity_id,
  action: row.action,
  summary: row.summary,
  before: row.before_json === null ? null : JSON.parse(row.before_json),
  after: row.after_json === null ? null : JSON.parse(row.after_json),
});

export function createSqliteAuditStore(db: SqliteDatabase): AuditStore {
  const insert = db.prepare(
    `INSERT INTO audit_log (id, at, actor, entity_type, entity_id, action, summary, before_json, after_json)
     VALUES (@id, @at, @actor, @entityType, @entityId, @action, @summary, @before, @after)`,
  );
  return {
    async append(entry) {
      insert.run({
        ...entry,
        before: entry.before === null || entry.before === undefined ? null : JSON.stringify(entry.before),
        after: entry.after === null || entry.after === undefined ? null : JSON.stringify(entry.after),
      });
    },
    async list({ entityType, entityId, before, limit }) {
      const conditions: Array<[string, string | undefined]> = [
        ["entity_type = ?", entityType],
        ["entity_id = ?", entityId],
        ["id < ?", before],
      ];
      const used = conditions.filter(([, value]) => value);
      const where = used.map(([sql]) => sql);
      const params = used.map(([, value]) => value!);
      // The statement differs by which filters are set (at most 8 shapes); one more row than
      // asked tells whether there is a next page.
      const rows = db
        .prepare<
          string[],
          AuditRow
        >(`SELECT * FROM audit_log ${where.length ? `WHERE ${where.join(" AND ")}` : ""} ORDER BY id DESC LIMIT ${limit + 1}`)
        .all(...params);
      const entries = rows.slice(0, limit).map(fromRow);
      return { entries, nextBefore: rows.length > limit ? entries[entries.length - 1].id : null };
    },
  };
}
