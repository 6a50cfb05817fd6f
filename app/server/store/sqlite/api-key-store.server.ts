import type { ApiKey, ApiScope } from "~/domain/api-key";
import type { ApiKeyStore } from "../port";
import type { SqliteDatabase } from "./database.server";

interface KeyRow {
  id: string;
  name: string;
  prefix: string;
  hash: string;
  scopes_json: string;
  created_at: string;
  created_by: string;
  revoked_at: string | null;
  last_used_at: string | null;
}

const fromRow = (row: KeyRow): ApiKey => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  hash: row.hash,
  scopes: JSON.parse(row.scopes_json) as ApiScope[],
  createdAt: row.created_at,
  createdBy: row.created_by,
  revokedAt: row.revoked_at,
  lastUsedAt: row.last_used_at,
});

export function createSqliteApiKeyStore(db: SqliteDatabase): ApiKeyStore {
  const insert = db.prepare(
    `INSERT INTO api_keys (id, name, prefix, hash, scopes_json, created_at, created_by, revoked_at, last_used_at)
     VALUES (@id, @name, @prefix, @hash, @scopes, @createdAt, @createdBy, @revokedAt, @lastUsedAt)`,
  );
  const byId = db.prepare<[string], KeyRow>("SELECT * FROM api_keys WHERE id = ?");
  const byHash = db.prepare<[string], KeyRow>("SELECT * FROM api_keys WHERE hash = ?");
  const all = db.prepare<[], KeyRow>("SELECT * FROM api_keys ORDER BY created_at DESC, id DESC");
  const revoke = db.prepare("UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL");
  // One statement: of concurrent touches within the interval, on any process, one writes.
  const touch = db.prepare(
    "UPDATE api_keys SET last_used_at = @at WHERE id = @id AND (last_used_at IS NULL OR last_used_at < @olderThan)",
  );
  return {
    async create(key) {
      insert.run({ ...key, scopes: JSON.stringify(key.scopes) });
    },
    async get(id) {
      const row = byId.get(id);
      return row ? fromRow(row) : null;
    },
    async findByHash(hash) {
      const row = byHash.get(hash);
      return row ? fromRow(row) : null;
    },
    async list() {
      return all.all().map(fromRow);
    },
    async revoke(id, at) {
      return revoke.run(at, id).changes === 1;
    },
    async touch(id, at, olderThan) {
      return touch.run({ id, at, olderThan }).changes === 1;
    },
  };
}
