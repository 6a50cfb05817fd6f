import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { expect, test } from "./fixtures";
import { STOREFRONT_TOURS, TOURS, type Stop, type Visit } from "./support/page-tour";

// The Nu HTML Checker (vnu, from the vnu-jar package, on the Java the Firestore emulator needs)
// finds no error in the HTML the shop serves, on every page type, as each visitor gets it. The
// served HTML is the same with JavaScript on or off, and at every width (phones are CSS only), so
// one project runs this, and it covers 1280 and 390 px alike.

const vnuJar = createRequire(import.meta.url).resolve("vnu-jar/build/dist/vnu.jar");

interface VnuMessage {
  type: string;
  subType?: string;
  url?: string;
  message: string;
  extract?: string;
  lastLine?: number;
}

test("every page type is valid HTML (Nu HTML Checker)", async ({ browser }, testInfo) => {
  // Every tour, one after the other, then one run of the checker: minutes on a loaded machine.
  test.setTimeout(360_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hemline-vnu-"));
  const pages = new Map<string, Stop>();

  // The page cache keeps only storefront pages: with it off, the back office is the same as with it on.
  const tours = testInfo.project.name.startsWith("cache-off") ? STOREFRONT_TOURS : TOURS;
  for (const { tour } of tours) {
    const { baseURL, userAgent, viewport, javaScriptEnabled } = testInfo.project.use;
    const context = await browser.newContext({ baseURL, userAgent, viewport, javaScriptEnabled });
    const page = await context.newPage();
    // The HTML as served to this visitor: their cookies, no redirects followed.
    const save: Visit = async (stop) => {
      const response = await page.request.get(stop.path, { maxRedirects: 0 });
      expect(response.status(), `${stop.name} (${stop.path})`).toBe(stop.status);
      expect(response.headers()["content-type"], `${stop.name} (${stop.path})`).toContain("text/html");
      const file = path.join(
        dir,
        `${String(pages.size).padStart(2, "0")}-${stop.name.replace(/[^a-z0-9]+/gi, "-")}.html`,
      );
      const html = await response.text();
      // The whole document, streamed data included, ends with </html>: nothing follows it.
      expect(html.trimEnd().endsWith("</html>"), `${stop.name} (${stop.path}) ends with </html>`).toBe(true);
      expect(html.indexOf("</html>"), `${stop.name} (${stop.path}) has one </html>`).toBe(html.lastIndexOf("</html>"));
      fs.writeFileSync(file, html);
      pages.set(file, stop);
    };
    await tour(page, testInfo, save);
    await context.close();
  }

  // One JVM for every page: vnu exits 1 when it finds errors, so its JSON report is the verdict.
  const run = spawnSync("java", ["-jar", vnuJar, "--format", "json", "--stdout", ...pages.keys()], {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.error)
    throw new Error(
      `Could not run the Nu HTML Checker (java -jar ${vnuJar}): ${run.error.message}. It needs Java 11 or later.`,
    );
  let report: { messages: VnuMessage[] };
  try {
    report = JSON.parse(run.stdout);
  } catch {
    throw new Error(`The Nu HTML Checker gave no report (exit ${run.status}): ${run.stderr || run.stdout}`);
  }
  const errors = report.messages
    .filter((m) => m.type === "error" || m.type === "non-document-error")
    .map((m) => {
      const file = m.url ? decodeURIComponent(new URL(m.url).pathname) : "";
      const stop = pages.get(file);
      const where = stop ? `${stop.name} (${stop.path})` : file || "?";
      const extract = m.extract ? `  ⟨${m.extract.replace(/\s+/g, " ")}⟩` : "";
      return `${where} line ${m.lastLine ?? "?"}: ${m.message}${extract}`;
    });
  // The tours walked every page type: over 40 storefront pages, and over 50 with the back office's.
  expect(pages.size).toBeGreaterThan(tours === TOURS ? 50 : 40);
  expect(errors, `${errors.length} HTML errors:\n${errors.join("\n")}`).toEqual([]);
  fs.rmSync(dir, { recursive: true, force: true });
});
