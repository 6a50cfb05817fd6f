// How many backups were taken (and failed) on this database, by any process: the serving shop's
// schedule and `npm run backup` alike, so /metrics counts both (hemline_backups_total).
export default `
CREATE TABLE backup_counts (
  result TEXT PRIMARY KEY,
  n INTEGER NOT NULL
) WITHOUT ROWID;
`;
