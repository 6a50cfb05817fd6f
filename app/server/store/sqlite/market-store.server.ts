import type { CurrencyCode } from "~/domain/money";
import { marketSaveRefusal, type Market, type Rounding } from "~/domain/market";
import type { MarketSaveResult, MarketStore } from "../port";
import type { SqliteDatabase } from "./database.server";

interface MarketRow {
  id: string;
  name: string;
  position: number;
  countries: string;
  currency: string;
  rate_micros: number;
  rounding: string;
  is_default: number;
  updated_at: string;
}

const marketOf = (r: MarketRow): Market => ({
  id: r.id,
  name: r.name,
  countries: JSON.parse(r.countries) as string[],
  currency: r.currency as CurrencyCode,
  rateMicros: r.rate_micros,
  rounding: r.rounding as Rounding,
  isDefault: r.is_default === 1,
  position: r.position,
  updatedAt: r.updated_at,
});

export function createSqliteMarketStore(db: SqliteDatabase): MarketStore {
  const listAll = db.prepare<[], MarketRow>("SELECT * FROM markets ORDER BY position, name, id");
  const getOne = db.prepare<[string], MarketRow>("SELECT * FROM markets WHERE id = ?");
  const upsert = db.prepare(
    `INSERT INTO markets (id, name, position, countries, currency, rate_micros, rounding, is_default, updated_at)
     VALUES (@id, @name, @position, @countries, @currency, @rateMicros, @rounding, @isDefault, @updatedAt)
     ON CONFLICT (id) DO UPDATE SET name = excluded.name, position = excluded.position,
       countries = excluded.countries, currency = excluded.currency, rate_micros = excluded.rate_micros,
       rounding = excluded.rounding, is_default = excluded.is_default, updated_at = excluded.updated_at`,
  );
  const clearDefault = db.prepare<[string]>("UPDATE markets SET is_default = 0 WHERE id <> ? AND is_default = 1");
  const deleteOne = db.prepare<[string]>("DELETE FROM markets WHERE id = ?");
  // Run IMMEDIATE (below): the write lock first, so two processes saving markets see each other's.
  const save = db.transaction((market: Market): MarketSaveResult => {
    const refusal = marketSaveRefusal(listAll.all().map(marketOf), market);
    if (refusal) return refusal;
    if (market.isDefault) clearDefault.run(market.id);
    upsert.run({
      id: market.id,
      name: market.name,
      position: market.position,
      countries: JSON.stringify(market.countries),
      currency: market.currency,
      rateMicros: market.rateMicros,
      rounding: market.rounding,
      isDefault: market.isDefault ? 1 : 0,
      updatedAt: market.updatedAt,
    });
    return { kind: "saved" };
  });
  const remove = db.transaction((id: string) => {
    const row = getOne.get(id);
    if (!row) return "not-found" as const;
    if (row.is_default === 1) return "default" as const;
    deleteOne.run(id);
    return "removed" as const;
  });
  return {
    async list() {
      return listAll.all().map(marketOf);
    },
    async get(id) {
      const row = getOne.get(id);
      return row ? marketOf(row) : null;
    },
    async save(market) {
      return save.immediate(market);
    },
    async remove(id) {
      return remove.immediate(id);
    },
  };
}
