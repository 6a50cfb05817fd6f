// npm run check:production: is this environment (the process's, plus .env when present) one a
// production deploy would be sound with? One line per problem, exit 1 if any; nothing is started.
// `--proxy-without-forwarded-for`: the TLS terminator in front sends no X-Forwarded-For.
import fs from "node:fs";
import path from "node:path";
import url from "node:url";
import { parseEnv } from "node:util";
import { probeFirebase } from "./firebase-probe";
import { checkProduction, type CheckOptions, type Env, formatReport } from "./production-check";

/** The process's environment over .env's (real variables win, as at start-up). */
function deployEnvironment(): Env {
  const dotEnv = fs.existsSync(".env") ? parseEnv(fs.readFileSync(".env", "utf8")) : {};
  return { ...dotEnv, ...process.env };
}

/** The secret an earlier `npm start` made in DATA_DIR (embedded backend), as scripts/start.mjs reads it. */
function storedSessionSecret(env: Env): string | undefined {
  if (env.SHOP_BACKEND === "firebase") return undefined; // each instance's DATA_DIR is its own
  const file = path.resolve(env.DATA_DIR || "./data", "session-secret");
  return fs.existsSync(file) ? fs.readFileSync(file, "utf8").trim() : undefined;
}

export async function runCheck(env: Env, options: CheckOptions, print: (line: string) => void): Promise<number> {
  const { lines, exitCode } = formatReport(await checkProduction(env, options));
  for (const line of lines) print(line);
  return exitCode;
}

if (process.argv[1] && import.meta.url === url.pathToFileURL(path.resolve(process.argv[1])).href) {
  const env = deployEnvironment();
  process.exitCode = await runCheck(
    env,
    {
      probeFirebase,
      proxyWithoutForwardedFor: process.argv.includes("--proxy-without-forwarded-for"),
      storedSessionSecret: storedSessionSecret(env),
    },
    (line) => console.log(line),
  );
}
