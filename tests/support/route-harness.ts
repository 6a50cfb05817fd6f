import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { Connection } from "~/server/load-context.server";
import { makeTempDir } from "./temp-dir";

// Calling route loaders and actions directly, as a signed-out visitor, a shopper, an admin (the
// owner: ADMIN_EMAILS) or a member of staff of each role, on a fresh embedded store. Import this
// module before any app module: it sets the environment the app's config reads once.

export const HARNESS_STAFF_ROLES = ["manager", "fulfilment", "support", "content"] as const;
export type Who = "signed-out" | "shopper" | "admin" | (typeof HARNESS_STAFF_ROLES)[number];
/** The support member's refund limit, in cents. */
export const HARNESS_REFUND_LIMIT = 1000;
export type Handler = (args: LoaderFunctionArgs & ActionFunctionArgs) => Promise<unknown> | unknown;

export const HARNESS_ADMIN = "harness-admin@hemline.test";
const temp = makeTempDir("hemline-routes-");
process.env.DATA_DIR = temp.dir;
process.env.ADMIN_EMAILS = HARNESS_ADMIN;
process.env.SESSION_SECRET = "route-harness-secret-0123456789abcdef-0123";
process.env.SHOP_BACKEND = "embedded";

export async function createRouteHarness() {
  // The shop as the server makes it at start (its one composition root), under this test configuration.
  const { getContext } = await import("~/server/context.server");
  const { createLoadContext } = await import("~/server/load-context.server");
  const { commitSession } = await import("~/server/http/session.server");
  const { csrf } = await import("~/server/http/csrf.server");
  const ctx = getContext();
  const cookies = Object.fromEntries(
    ["signed-out", "shopper", "admin", ...HARNESS_STAFF_ROLES].map((who) => [who, ""]),
  ) as Record<Who, string>;
  for (const [who, email] of [
    ["shopper", "harness-shopper@hemline.test"],
    ["admin", HARNESS_ADMIN],
    ...HARNESS_STAFF_ROLES.map((role) => [role, `harness-${role}@hemline.test`] as const),
  ] as const) {
    const result = await ctx.accounts.register(email, "correct horse battery", null, {
      signInUrl: "/auth/login",
      resetUrl: "/auth/forgot-password",
    });
    if (!result.success) throw new Error(result.error);
    if ("alreadyRegistered" in result) throw new Error(`${email} is registered already`);
    cookies[who] = (await commitSession(result.session)).split(";")[0];
    if ((HARNESS_STAFF_ROLES as readonly string[]).includes(who)) {
      const role = who as (typeof HARNESS_STAFF_ROLES)[number];
      await ctx.backend.store.staff.save({
        uid: result.identity.uid,
        email,
        role,
        refundLimitMinor: role === "support" ? HARNESS_REFUND_LIMIT : null,
        changedBy: HARNESS_ADMIN,
        addedAt: "2026-11-01T00:00:00.000Z",
        updatedAt: "2026-11-01T00:00:00.000Z",
      });
    }
  }
  const [csrfToken, setCookie] = await csrf().commitToken();
  const csrfCookie = setCookie!.split(";")[0];
  for (const who of Object.keys(cookies) as Who[]) cookies[who] = [cookies[who], csrfCookie].filter(Boolean).join("; ");

  return {
    ctx,
    csrfToken,
    /**
     * A GET, or a POST of `form` with the CSRF token unless `csrf: false`: urlencoded as a browser
     * sends a form, multipart when it holds a file.
     */
    request(
      path: string,
      who: Who,
      form?: Record<string, string | File>,
      options: { csrf?: boolean; headers?: Record<string, string> } = {},
    ): Request {
      const url = `http://shop.test${path}`;
      // Extra headers (Host, X-Forwarded-For…) as a client could send them.
      const headers = new Headers({ ...options.headers, Cookie: cookies[who] });
      if (!form) return new Request(url, { headers });
      const fields: Record<string, string | File> = { ...(options.csrf !== false ? { csrf: csrfToken } : {}), ...form };
      if (!Object.values(fields).some((v) => v instanceof File)) {
        return new Request(url, {
          method: "POST",
          headers,
          body: new URLSearchParams(fields as Record<string, string>),
        });
      }
      const body = new FormData();
      for (const [k, v] of Object.entries(fields)) body.set(k, v);
      return new Request(url, { method: "POST", headers, body });
    },
    /**
     * Run a loader or action with the load context scripts/server.mjs hands it (this shop, a new
     * request's memo; `connection` as the server saw the socket); whatever it returns or throws.
     */
    async run(
      handler: Handler | undefined,
      request: Request,
      params: Record<string, string> = {},
      connection: Partial<Connection> = {},
    ): Promise<unknown> {
      if (!handler) throw new Error("no such handler");
      const context = createLoadContext(ctx, {
        clientAddress: null,
        disallowedMethod: null,
        earlyVisit: null,
        ...connection,
      });
      try {
        return await handler({ request, params, context } as LoaderFunctionArgs & ActionFunctionArgs);
      } catch (thrown) {
        return thrown;
      }
    },
    async close() {
      await ctx.backend.store.close();
      temp.remove();
    },
  };
}

export type RouteHarness = Awaited<ReturnType<typeof createRouteHarness>>;

/** The status of what a handler returned or threw: a Response, data() with init, or plain data (200). */
export function statusOf(outcome: unknown): number {
  if (outcome instanceof Response) return outcome.status;
  if (outcome && typeof outcome === "object" && (outcome as { type?: string }).type === "DataWithResponseInit") {
    return (outcome as { init?: { status?: number } | null }).init?.status ?? 200;
  }
  return 200;
}

/** The body of data() or a plain object a handler returned. */
export function dataOf<T>(outcome: unknown): T {
  if (outcome && typeof outcome === "object" && (outcome as { type?: string }).type === "DataWithResponseInit")
    return (outcome as { data: T }).data;
  return outcome as T;
}
