import { countryClash, type DeliveryMethod, type ShippingZone } from "~/domain/shipping-zone";
import type { TaxRule } from "~/domain/tax-rule";
import type { ShippingZoneStore, ZoneSaveResult } from "../port";
import type { SqliteDatabase } from "./database.server";

interface ZoneRow {
  id: string;
  name: string;
  position: number;
  countries: string;
  methods: string;
  /** JSON; NULL for a zone saved before tax rules (read as eu-vat). */
  tax_rule: string | null;
  updated_at: string;
}

const zoneOf = (r: ZoneRow): ShippingZone => ({
  id: r.id,
  name: r.name,
  position: r.position,
  countries: JSON.parse(r.countries) as string[],
  methods: JSON.parse(r.methods) as DeliveryMethod[],
  ...(r.tax_rule ? { taxRule: JSON.parse(r.tax_rule) as TaxRule } : {}),
  updatedAt: r.updated_at,
});

export function createSqliteShippingZoneStore(db: SqliteDatabase): ShippingZoneStore {
  const listAll = db.prepare<[], ZoneRow>("SELECT * FROM shipping_zones ORDER BY position, name, id");
  const getOne = db.prepare<[string], ZoneRow>("SELECT * FROM shipping_zones WHERE id = ?");
  const upsert = db.prepare(
    `INSERT INTO shipping_zones (id, name, position, countries, methods, tax_rule, updated_at)
     VALUES (@id, @name, @position, @countries, @methods, @taxRule, @updatedAt)
     ON CONFLICT (id) DO UPDATE SET name = excluded.name, position = excluded.position,
       countries = excluded.countries, methods = excluded.methods, tax_rule = excluded.tax_rule,
       updated_at = excluded.updated_at`,
  );
  const deleteOne = db.prepare<[string]>("DELETE FROM shipping_zones WHERE id = ?");
  // IMMEDIATE (below): the write lock first, so two processes saving zones check each other's countries.
  const save = db.transaction((zone: ShippingZone): ZoneSaveResult => {
    const clash = countryClash(listAll.all().map(zoneOf), zone);
    if (clash) return { kind: "clash", country: clash.country, zoneId: clash.zone.id, zoneName: clash.zone.name };
    upsert.run({
      id: zone.id,
      name: zone.name,
      position: zone.position,
      countries: JSON.stringify(zone.countries),
      methods: JSON.stringify(zone.methods),
      taxRule: zone.taxRule ? JSON.stringify(zone.taxRule) : null,
      updatedAt: zone.updatedAt,
    });
    return { kind: "saved" };
  });
  return {
    async list() {
      return listAll.all().map(zoneOf);
    },
    async get(id) {
      const row = getOne.get(id);
      return row ? zoneOf(row) : null;
    },
    async save(zone) {
      return save.immediate(zone);
    },
    async remove(id) {
      return deleteOne.run(id).changes > 0;
    },
  };
}
