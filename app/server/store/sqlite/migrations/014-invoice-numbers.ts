// Invoice numbers: the last number reserved in each series (a year). Reserved in blocks by the
// invoice-numbers service, in one statement, so two processes on one file never share a number.
export default `
CREATE TABLE invoice_counters (
  series TEXT PRIMARY KEY,
  last INTEGER NOT NULL
) WITHOUT ROWID;
`;
