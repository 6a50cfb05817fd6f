import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { z } from "zod";
import type { ApiScope } from "~/domain/api-key";
import type { ApiKeyView } from "../services/api/api-keys.server";
import { type AppContext } from "../context.server";
import { readBodyText } from "../http/form-body.server";
import { resourceRoute } from "../http/resource-route.server";
import { ApiProblem, problemResponse } from "./problem.server";

// Every /api/v1 endpoint goes through here: the key from `Authorization: Bearer` (never a cookie,
// so no CSRF token is needed: a browser cannot be made to send the header), its scope, its rate
// limit, JSON in and out, and every refusal as problem+json with a 4xx. CORS stays closed: no
// Access-Control-Allow-* header is ever sent, so no web page elsewhere can read an answer.

type Method = "GET" | "POST" | "PATCH";

export interface ApiCall {
  ctx: AppContext;
  request: Request;
  url: URL;
  params: Record<string, string | undefined>;
  key: ApiKeyView;
}

export interface ApiAnswer {
  status?: number;
  body: unknown;
}

interface Endpoint {
  /** null: public (the OpenAPI document). */
  scope: ApiScope | null;
  handle(call: ApiCall): Promise<ApiAnswer>;
}

const JSON_BODY_MAX = 64 * 1024;
const REALM = 'Bearer realm="hemline-api"';

/** The JSON body of a write, checked against `schema`: 415, 413 or 400 problems for anything else. */
export async function readJson<T extends z.ZodTypeAny>(request: Request, schema: T): Promise<z.output<T>> {
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/json")
    throw new ApiProblem("unsupported-media-type", 415, "Send the body as application/json.");
  // Read with a limit as it streams in: a body without Content-Length is not buffered whole first.
  const text = await readBodyText(request, JSON_BODY_MAX);
  if (text === null) throw new ApiProblem("payload-too-large", 413, "The body is over 64 KB.");
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ApiProblem("invalid-request", 400, "The body is not valid JSON.");
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    throw new ApiProblem("invalid-request", 400, "The body has invalid fields.", {
      errors: parsed.error.issues.map((issue) => ({
        field: issue.path.join(".") || "(body)",
        message: issue.message,
      })),
    });
  return parsed.data;
}

async function authenticate(ctx: AppContext, request: Request): Promise<ApiKeyView> {
  const result = await ctx.apiKeys.authenticate(request.headers.get("Authorization"));
  if (result.ok) return result.key;
  if (result.reason === "rate-limited")
    throw new ApiProblem(
      "rate-limited",
      429,
      `This key made too many requests. Try again in ${result.retryAfterSeconds} s.`,
      {
        headers: { "Retry-After": String(result.retryAfterSeconds) },
      },
    );
  const detail =
    result.reason === "missing"
      ? "Send an API key as Authorization: Bearer <key>."
      : result.reason === "revoked"
        ? "This API key was revoked."
        : "This API key is not valid.";
  throw new ApiProblem("unauthorized", 401, detail, {
    headers: { "WWW-Authenticate": result.reason === "missing" ? REALM : `${REALM}, error="invalid_token"` },
  });
}

async function serve(
  ctx: AppContext,
  endpoints: Partial<Record<Method, Endpoint>>,
  request: Request,
  params: Record<string, string | undefined>,
): Promise<Response> {
  const allow = Object.keys(endpoints).join(", ");
  try {
    const method = (request.method === "HEAD" ? "GET" : request.method) as Method;
    const endpoint = endpoints[method];
    if (!endpoint)
      throw new ApiProblem("method-not-allowed", 405, `This address takes ${allow}.`, { headers: { Allow: allow } });
    const key: ApiKeyView =
      endpoint.scope === null
        ? { id: "", name: "", prefix: "", scopes: [], createdAt: "", createdBy: "", revokedAt: null, lastUsedAt: null }
        : await authenticate(ctx, request);
    if (endpoint.scope !== null && !key.scopes.includes(endpoint.scope))
      throw new ApiProblem("forbidden", 403, `This key does not have the ${endpoint.scope} permission.`);
    const answer = await endpoint.handle({ ctx, request, url: new URL(request.url), params, key });
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Cache-Control": "no-store",
        Vary: "Authorization",
      },
    });
  } catch (error) {
    if (error instanceof ApiProblem) return problemResponse(error);
    throw error;
  }
}

/** `export const loader = api.loader` (and `action`) of `apiRoute({ GET: …, PATCH: … })`. */
export function apiRoute(endpoints: Partial<Record<Method, Endpoint>>) {
  const handler = resourceRoute(({ request, params, context }: LoaderFunctionArgs | ActionFunctionArgs) =>
    serve(context.shop, endpoints, request, params),
  );
  return { loader: handler, action: handler };
}

/** A 404 problem for an id that names nothing. */
export const notFound = (what: string) => new ApiProblem("not-found", 404, `There is no ${what}.`);
