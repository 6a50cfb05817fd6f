import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** A fresh DATA_DIR for one test file; removed afterwards. */
export function makeTempDir(prefix = "hemline-test-"): { dir: string; remove: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
