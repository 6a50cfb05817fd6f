import type { SavedAddress } from "~/domain/saved-address";
import type { Address } from "~/domain/commerce";
import type { AddressStore } from "../port";
import type { SqliteDatabase } from "./database.server";

interface AddressRow {
  id: string;
  data: string;
  is_default: number;
  created_at: string;
}

const fromRow = (row: AddressRow): SavedAddress => ({
  ...(JSON.parse(row.data) as Address),
  id: row.id,
  isDefault: row.is_default === 1,
  createdAt: row.created_at,
});

const addressOf = (a: SavedAddress): Address => ({
  name: a.name,
  line1: a.line1,
  line2: a.line2,
  city: a.city,
  postalCode: a.postalCode,
  country: a.country,
  phone: a.phone,
});

export function createSqliteAddressStore(db: SqliteDatabase): AddressStore {
  const list = db.prepare<[string], AddressRow>(
    "SELECT * FROM addresses WHERE uid = ? ORDER BY is_default DESC, created_at, id",
  );
  const get = db.prepare<[string, string], AddressRow>("SELECT * FROM addresses WHERE uid = ? AND id = ?");
  const upsert = db.prepare(
    `INSERT INTO addresses (uid, id, data, is_default, created_at) VALUES (@uid, @id, @data, @isDefault, @createdAt)
     ON CONFLICT (uid, id) DO UPDATE SET data = excluded.data, is_default = excluded.is_default`,
  );
  const clearDefault = db.prepare<[string, string]>("UPDATE addresses SET is_default = 0 WHERE uid = ? AND id <> ?");
  const setDefault = db.prepare<[string, string]>("UPDATE addresses SET is_default = 1 WHERE uid = ? AND id = ?");
  const remove = db.prepare<[string, string]>("DELETE FROM addresses WHERE uid = ? AND id = ?");
  const save = db.transaction((uid: string, address: SavedAddress) => {
    upsert.run({
      uid,
      id: address.id,
      data: JSON.stringify(addressOf(address)),
      isDefault: address.isDefault ? 1 : 0,
      createdAt: address.createdAt,
    });
    if (address.isDefault) clearDefault.run(uid, address.id);
  });
  const makeDefault = db.transaction((uid: string, id: string) => {
    if (setDefault.run(uid, id).changes === 0) return false;
    clearDefault.run(uid, id);
    return true;
  });
  return {
    async list(uid) {
      return list.all(uid).map(fromRow);
    },
    async get(uid, id) {
      const row = get.get(uid, id);
      return row ? fromRow(row) : null;
    },
    async save(uid, address) {
      save(uid, address);
    },
    async setDefault(uid, id) {
      return makeDefault(uid, id);
    },
    async delete(uid, id) {
      return remove.run(uid, id).changes > 0;
    },
  };
}
