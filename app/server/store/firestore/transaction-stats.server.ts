import fs from "node:fs";

// How often Firestore had to retry this process's stock-moving transactions (an aborted
// transaction is retried by the client). Off unless HEMLINE_TX_STATS_FILE names a file: the
// purchase benchmark sets it per server process and sums the files after a run.

const stats = { transactions: 0, attempts: 0 };
let pending: NodeJS.Timeout | null = null;

export function recordTransaction(attempts: number): void {
  const file = process.env.HEMLINE_TX_STATS_FILE;
  if (!file) return;
  stats.transactions += 1;
  stats.attempts += attempts;
  pending ??= setTimeout(() => {
    pending = null;
    fs.writeFileSync(file, JSON.stringify(stats));
  }, 200).unref();
}
