import { stringify } from "csv-stringify/sync";
import { REORDER_CSV_COLUMNS, type VariantStockRow } from "./owner-reports.server";

// The reorder list as CSV for a supplier's order form: one line per variant, with the units that
// cover the next 30 days at the last 30 days' rate of sale.
export function reorderCsv(rows: readonly VariantStockRow[]): string {
  return stringify(
    rows.map((r) => [r.sku, r.name, r.size, r.colour, r.sold, r.stock, r.daysLeft ?? "", r.reorder]),
    { header: true, columns: [...REORDER_CSV_COLUMNS] },
  );
}
