import type { ProfileStore } from "../port";
import type { Profile, Role } from "~/domain/profile";
import type { SqliteDatabase } from "./database.server";
import { pagedSelect } from "./paged-query.server";

interface ProfileRow {
  uid: string;
  email: string;
  role: string;
  display_name: string | null;
  created_at: string;
  updated_at: string;
}

const fromRow = (row: ProfileRow): Profile => ({
  uid: row.uid,
  email: row.email,
  role: row.role as Role,
  displayName: row.display_name,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

export function createSqliteProfileStore(db: SqliteDatabase): ProfileStore {
  const get = db.prepare<[string], ProfileRow>("SELECT * FROM profiles WHERE uid = ?");
  const insert = db.prepare(
    `INSERT INTO profiles (uid, email, role, display_name, created_at, updated_at)
     VALUES (@uid, @email, @role, @displayName, @createdAt, @updatedAt) ON CONFLICT (uid) DO NOTHING`,
  );
  const update = db.prepare(
    `UPDATE profiles SET display_name = CASE WHEN @setName THEN @displayName ELSE display_name END,
       updated_at = @updatedAt WHERE uid = @uid`,
  );
  return {
    async get(uid) {
      const row = get.get(uid);
      return row ? fromRow(row) : null;
    },
    async createIfMissing(profile) {
      insert.run(profile);
      return fromRow(get.get(profile.uid)!);
    },
    async update(uid, patch, updatedAt) {
      const result = update.run({
        uid,
        setName: patch.displayName !== undefined ? 1 : 0,
        displayName: patch.displayName ?? null,
        updatedAt,
      });
      if (result.changes === 0) return null;
      return fromRow(get.get(uid)!);
    },
    async list(filter) {
      const where: string[] = [];
      const params: Record<string, string | number> = {};
      if (filter.emailPrefix) {
        // LIKE is case-insensitive for ASCII; the user's text is escaped so % and _ match themselves.
        where.push("email LIKE @prefix ESCAPE '\\'");
        params.prefix = `${filter.emailPrefix
          .trim()
          .toLowerCase()
          .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      }
      if (filter.role) {
        where.push("role = @role");
        params.role = filter.role;
      }
      const { rows, total } = pagedSelect<ProfileRow>(
        db,
        { columns: "*", table: "profiles", orderBy: "created_at DESC, uid" },
        { where, params, from: filter.from, to: filter.to, limit: filter.limit, offset: filter.offset },
      );
      return { profiles: rows.map(fromRow), total };
    },
  };
}
