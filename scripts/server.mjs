// The production HTTP server: what remix-serve does (compression, the build's assets cached for a
// year, public/ for an hour, a request log, Remix for everything else), plus what remix-serve cannot
// give: its getLoadContext is fixed, so routes would never receive the shop the build made at start
// (app/server/load-context.server.ts), nor the address the connection came from, which rate limits
// need (app/server/http/client-address.server.ts): headers such as X-Forwarded-For are the client's
// own word unless TRUST_PROXY says a proxy wrote them. Remix is served by @remix-run/express's stock
// handler. Every request gets an id, a log line (text or JSON for Cloud Logging) and a place in the
// metrics; SIGTERM lets the requests in flight finish (up to 10 s) before the store closes (issue 31).
// Plain JavaScript: production runs on `node` alone, with no TypeScript runner.
// `node scripts/server.mjs <build>` serves that build; scripts/start.mjs imports `serve` instead.
import fs from "node:fs";
import path from "node:path";
import url from "node:url";
import { createRequestHandler } from "@remix-run/express";
import { installGlobals } from "@remix-run/node";
import compression from "compression";
import express from "express";
import { portProblem } from "./port-check.mjs";

const SHUTDOWN_GRACE_MS = 10_000;

/** Prepares the store and the catalogue (the build's own `prepareToServe`), then listens on PORT. */
export async function serve(buildPath) {
  process.env.NODE_ENV = process.env.NODE_ENV ?? "production";
  const build = await import(url.pathToFileURL(path.resolve(buildPath)).href);
  installGlobals({ nativeFetch: build.future.v3_singleFetch });
  const {
    installLogging,
    createRequestObserver,
    createMethodGuard,
    beginShutdown,
    finishShutdown,
    transportSecurity,
    withoutTracking,
    createFeedHandler,
    createEarlyAnswers,
    createLoadContext,
    RESPONSE_COMPRESSION,
  } = build.entry.module;
  // First, so every line from here on has the configured shape and no secrets.
  installLogging(process.env);
  let shop;
  try {
    shop = await build.entry.module.prepareToServe();
  } catch (error) {
    // A configuration mistake is the operator's to fix: say what it is, without a stack.
    if (error?.name !== "ConfigError") throw error;
    console.error(error.message);
    process.exit(1);
  }

  const port = Number.parseInt(process.env.PORT ?? "3000", 10) || 3000;
  const app = express();
  app.disable("x-powered-by");
  // Nothing here reads req.query (Remix reads the URL): not parsed for every request.
  app.set("query parser", false);
  // Before anything answers: the request's id (X-Request-Id), its log line and its metrics.
  app.use(createRequestObserver(build.routes));
  let stopping = false;
  // A request that arrives on an open connection while stopping is answered, and the connection closed.
  app.use((req, res, next) => {
    if (stopping) res.setHeader("Connection", "close");
    next();
  });
  app.use(transportSecurity());
  // Where a visitor came from (utm_*, gclid, fbclid...) is not what they asked for: no route, canonical
  // URL or render-cache key sees it; the browser keeps it in its address bar for analytics.
  app.use((req, _res, next) => {
    req.url = withoutTracking(req.url);
    next();
  });
  // /feeds/google.xml and .tsv (GET, HEAD): the kept file piped at the client's pace, already gzipped
  // when the client takes it, so before the compression middleware and Remix (which would buffer a
  // slow client's 1.7 GB feed in memory: bench/results/2026-11-27-feed-2.md).
  app.use(createFeedHandler(shop));
  // Responses are compressed with the settings page-compression.server.ts holds (decisions 0037,
  // 0038); a page the render cache sends already compressed is left as it is.
  const compress = compression(RESPONSE_COMPRESSION);
  // PUT, DELETE, PATCH (and POST to a page without a form): 405 with Allow, before any body is read.
  app.use(createMethodGuard(build.routes));
  const markStatic = (req, res, next) => {
    res.locals.static = true;
    next();
  };
  app.use(
    build.publicPath,
    markStatic,
    compress,
    express.static(build.assetsBuildDirectory, { immutable: true, maxAge: "1y" }),
  );
  // public/ is part of the deployment, never written while serving: its top-level names are read
  // once, so a page request does not cost a filesystem lookup (3 % of a cached page's CPU).
  const servePublic = express.static("public", { maxAge: "1h" });
  const publicNames = new Set(fs.existsSync("public") ? fs.readdirSync("public") : []);
  app.use((req, res, next) =>
    publicNames.has(req.path.split("/")[1] ?? "")
      ? markStatic(req, res, () => compress(req, res, () => servePublic(req, res, next)))
      : next(),
  );
  // An anonymous visitor's kept page, sent without Remix's routing and loaders while nothing changed
  // (app/server/page-delivery/early-hits.server.ts; nothing with PAGE_CACHE=off); any other request
  // goes on to Remix.
  app.use(createEarlyAnswers(shop));
  app.all(
    "*",
    compress,
    createRequestHandler({
      build,
      mode: process.env.NODE_ENV,
      getLoadContext: (req, res) =>
        createLoadContext(shop, {
          // The TCP peer: the client itself, or the nearest proxy when there is one.
          clientAddress: req.socket.remoteAddress ?? null,
          disallowedMethod: res.locals.disallowedMethod ?? null,
          // Noted by the early answers: the page Remix answers is remembered for the next such visitor.
          earlyVisit: res.locals.earlyVisit ?? null,
        }),
    }),
  );

  const onListen = async () => {
    console.log(`[server] http://localhost:${port}`);
    // Under `remix dev` (npm run dev): tell it this build is served, so it reloads the open pages.
    if (process.env.NODE_ENV === "development") {
      const { broadcastDevReady } = await import("@remix-run/node");
      await broadcastDevReady(build).catch((error) =>
        console.error("[server] remix dev did not answer:", error.message),
      );
    }
  };
  const server = process.env.HOST ? app.listen(port, process.env.HOST, onListen) : app.listen(port, onListen);
  // Taken since the check before start-up (scripts/port-check.mjs): the same one line, no stack.
  server.on("error", (error) => {
    const problem = portProblem(error, { port, host: process.env.HOST || undefined });
    if (!problem) throw error;
    console.error(`Cannot start: ${problem}`);
    process.exit(1);
  });
  // SIGTERM (Cloud Run, Kubernetes, docker stop, systemd): /healthz answers 503 "stopping", the
  // port takes no new connection, the requests in flight finish (up to SHUTDOWN_GRACE_MS), then
  // the store closes and the process leaves. A second signal does not cut this short.
  const shutdown = (signal) => {
    if (stopping) return;
    stopping = true;
    console.log(
      `[server] ${signal}: finishing the requests in flight (up to ${SHUTDOWN_GRACE_MS / 1000} s), taking no new ones`,
    );
    beginShutdown();
    // Keep-alive connections are closed as soon as they are idle, not after their timeout.
    const sweep = setInterval(() => server.closeIdleConnections(), 100);
    const force = setTimeout(() => {
      console.warn("[server] requests still in flight after the grace period: closing their connections");
      server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    server.close(async (error) => {
      clearInterval(sweep);
      clearTimeout(force);
      try {
        await finishShutdown(shop);
      } catch (closeError) {
        console.error("[server] closing the store failed:", closeError);
      }
      console.log("[server] stopped");
      process.exit(error ? 1 : 0);
    });
  };
  for (const signal of ["SIGTERM", "SIGINT"]) process.on(signal, () => shutdown(signal));
}

if (process.argv[1] && import.meta.url === url.pathToFileURL(path.resolve(process.argv[1])).href) {
  await serve(process.argv[2] ?? "build/index.js");
}
