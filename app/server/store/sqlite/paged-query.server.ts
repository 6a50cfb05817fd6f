import type { SqliteDatabase } from "./database.server";

type Params = Record<string, string | number>;

/**
 * One page of a filtered list and the size of the whole list: the shape every admin list needs.
 * `where` holds conditions with named parameters; `createdAt` bounds are inclusive from, exclusive to.
 */
export function pagedSelect<Row>(
  db: SqliteDatabase,
  query: { columns: string; table: string; orderBy: string },
  filter: { where: string[]; params: Params; from?: string; to?: string; limit: number; offset: number },
): { rows: Row[]; total: number } {
  const where = [...filter.where];
  const params = { ...filter.params };
  if (filter.from) {
    where.push("created_at >= @from");
    params.from = filter.from;
  }
  if (filter.to) {
    where.push("created_at < @to");
    params.to = filter.to;
  }
  const clause = where.length ? `WHERE ${where.join(" AND ")}` : "";
  const total = db.prepare<Params, { n: number }>(`SELECT COUNT(*) AS n FROM ${query.table} ${clause}`).get(params)!.n;
  const rows = db
    .prepare<
      Params,
      Row
    >(`SELECT ${query.columns} FROM ${query.table} ${clause} ORDER BY ${query.orderBy} LIMIT @limit OFFSET @offset`)
    .all({ ...params, limit: filter.limit, offset: filter.offset });
  return { rows, total };
}
