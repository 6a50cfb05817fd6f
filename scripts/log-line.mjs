// A log line from the scripts that run before the build is loaded (start.mjs, serve.mjs's cluster
// primary), in the shape the serving process uses (app/server/observability/log.server.ts): text,
// or one JSON object per line when LOG_FORMAT=json or on Cloud Run (K_SERVICE set).
/** @param {"INFO" | "WARNING" | "ERROR"} severity */
export function logLine(severity, message) {
  // Read at each line: start.mjs loads .env after this module.
  const env = process.env;
  const json = env.LOG_FORMAT === "json" || (!env.LOG_FORMAT && Boolean(env.K_SERVICE));
  const stream = severity === "INFO" ? process.stdout : process.stderr;
  stream.write(json ? `${JSON.stringify({ severity, message, time: new Date().toISOString() })}\n` : `${message}\n`);
}
