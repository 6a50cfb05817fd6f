import { format } from "node:util";
import { currentRequest, type RequestScope } from "./request-context.server";

// Every log line of a serving process, in one of two shapes: `text` for a terminal, or `json`,
// one object per line as Cloud Logging reads it (severity, message, httpRequest, trace), the
// default on Cloud Run (K_SERVICE is set there). The shop's code keeps calling console.*: the
// methods are replaced once at start, so a line written anywhere during a request carries that
// request's id, and nothing that looks like a secret reaches the log in either shape.

export type LogFormat = "text" | "json";
type Env = Record<string, string | undefined>;

export function logFormatOf(env: Env): LogFormat {
  if (env.LOG_FORMAT === "json" || env.LOG_FORMAT === "text") return env.LOG_FORMAT;
  return env.K_SERVICE ? "json" : "text";
}

type Severity = "DEBUG" | "INFO" | "WARNING" | "ERROR";

// Values after these names are secrets wherever they appear: in a query string, a form body
// echoed into an error, a header dump or `key: value` text.
const SECRET_NAMES =
  "password|passwd|pwd|secret|token|csrf|api[_-]?key|apikey|authorization|cookie|set-cookie|session|oobcode|idtoken|refreshtoken|signature";
const NAMED_SECRET = new RegExp(
  `\\b([\\w-]*?(?:${SECRET_NAMES}))(\\\\?["']?\\s*[:=]\\s*\\\\?["']?)([^\\s"'&,;\\\\}]+)`,
  "gi",
);
const BEARER = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi;
// Stripe keys and webhook secrets, wherever they are pasted.
const STRIPE_KEY = /\b(sk|rk|pk|whsec)_(live|test)?_?[A-Za-z0-9]{8,}/g;

// "METRICS_TOKEN: must be at least 24 characters" names a secret and goes on in prose: a lowercase
// word after a colon that a sentence continues from is not a value.
const PROSE_WORD = /^[a-z]+$/;

/** The text with every value that looks like a secret replaced by `[redacted]`. */
export function redact(text: string): string {
  return text
    .replace(BEARER, "$1 [redacted]")
    .replace(STRIPE_KEY, "$1_[redacted]")
    .replace(
      NAMED_SECRET,
      (match: string, name: string, separator: string, value: string, at: number, whole: string) =>
        !separator.includes("=") && PROSE_WORD.test(value) && whole.charAt(at + match.length) === " "
          ? match
          : `${name}${separator}[redacted]`,
    );
}

// Query parameters that carry a capability: reset codes, signed order links' keys, unsubscribe tokens.
const SECRET_PARAM = /^(token|oobcode|code|key|sig|signature|password|secret|apikey|api_key|idtoken|job)$/i;

/** A request's URL as logged: the values of capability parameters (reset tokens, order keys) redacted. */
export function loggableUrl(url: string): string {
  const query = url.indexOf("?");
  if (query < 0) return redact(url);
  const params = url
    .slice(query + 1)
    .split("&")
    .map((pair) => {
      const name = pair.split("=", 1)[0] ?? "";
      return SECRET_PARAM.test(decodeURIComponentSafe(name)) && pair.includes("=") ? `${name}=[redacted]` : pair;
    });
  return redact(`${url.slice(0, query)}?${params.join("&")}`);
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

export interface HttpRequestLog {
  requestMethod: string;
  requestUrl: string;
  status: number;
  /** Cloud Logging's duration format: seconds with an "s". */
  latency: string;
  responseSize?: string;
  userAgent?: string;
  remoteIp?: string;
  protocol?: string;
}

interface Writer {
  /** `access`: a request line, which goes to stdout whatever its severity (it is the access log). */
  (line: string, severity: Severity, access?: boolean): void;
}

const traceProject = (env: Env) => env.GOOGLE_CLOUD_PROJECT || env.GCLOUD_PROJECT || env.FIREBASE_PROJECT_ID || null;

/** One JSON log entry, with the fields Cloud Logging lifts out of it. */
export function jsonEntry(
  severity: Severity,
  message: string,
  scope: RequestScope | undefined,
  project: string | null,
  httpRequest?: HttpRequestLog,
): string {
  const entry: Record<string, unknown> = { severity, message: redact(message), time: new Date().toISOString() };
  if (httpRequest) entry.httpRequest = httpRequest;
  if (scope) {
    entry.requestId = scope.requestId;
    entry["logging.googleapis.com/labels"] = { requestId: scope.requestId };
    if (scope.traceId) {
      entry.traceId = scope.traceId;
      if (project) entry["logging.googleapis.com/trace"] = `projects/${project}/traces/${scope.traceId}`;
      if (scope.spanId) entry["logging.googleapis.com/spanId"] = scope.spanId;
      entry["logging.googleapis.com/trace_sampled"] = scope.sampled;
    }
  }
  return JSON.stringify(entry);
}

/** One text log line: the message, then the request it belongs to. */
export function textLine(message: string, scope: RequestScope | undefined): string {
  const safe = redact(message);
  return scope ? `${safe} [request ${scope.requestId}]` : safe;
}

let installed: { format: LogFormat; write: Writer; project: string | null } | null = null;

const defaultWriter: Writer = (line, severity, access) =>
  (!access && (severity === "ERROR" || severity === "WARNING") ? process.stderr : process.stdout).write(`${line}\n`);

/**
 * Replaces console.log/info/debug/warn/error with writers in the chosen shape. Called once by the
 * serving process (scripts/server.mjs) before anything else logs; calling it again changes nothing.
 */
export function installLogging(env: Env = process.env, write: Writer = defaultWriter): LogFormat {
  if (installed) return installed.format;
  installed = { format: logFormatOf(env), write, project: traceProject(env) };
  const methods: Array<[keyof Pick<Console, "log" | "info" | "debug" | "warn" | "error">, Severity]> = [
    ["debug", "DEBUG"],
    ["log", "INFO"],
    ["info", "INFO"],
    ["warn", "WARNING"],
    ["error", "ERROR"],
  ];
  for (const [method, severity] of methods) {
    console[method] = (...args: unknown[]) => logLine(severity, format(...args));
  }
  return installed.format;
}

function logLine(severity: Severity, message: string, httpRequest?: HttpRequestLog): void {
  const target = installed ?? { format: "text" as const, write: defaultWriter, project: null };
  const scope = currentRequest();
  target.write(
    target.format === "json"
      ? jsonEntry(severity, message, scope, target.project, httpRequest)
      : textLine(message, scope),
    severity,
    httpRequest !== undefined,
  );
}

/** The request log's line for one answered request. */
export function logRequest(http: HttpRequestLog): void {
  const severity: Severity = http.status >= 500 ? "ERROR" : http.status >= 400 ? "WARNING" : "INFO";
  const size = http.responseSize ?? "-";
  logLine(
    severity,
    `${http.requestMethod} ${http.requestUrl} ${http.status} ${size} - ${(parseFloat(http.latency) * 1000).toFixed(1)} ms`,
    http,
  );
}
