import { describe, expect, it } from "vitest";
import { jsonEntry, logFormatOf, loggableUrl, redact, textLine } from "~/server/observability/log.server";
import { scopeFromHeaders } from "~/server/observability/request-context.server";

describe("log lines", () => {
  it("are JSON on Cloud Run (K_SERVICE) unless LOG_FORMAT says otherwise, and text elsewhere", () => {
    expect(logFormatOf({})).toBe("text");
    expect(logFormatOf({ K_SERVICE: "hemline" })).toBe("json");
    expect(logFormatOf({ K_SERVICE: "hemline", LOG_FORMAT: "text" })).toBe("text");
    expect(logFormatOf({ LOG_FORMAT: "json" })).toBe("json");
  });

  it("never carry a password, token, cookie or key, however it is written", () => {
    const cases = [
      ["password=hunter2-secret&email=a@b.c", "hunter2-secret"],
      ['{"password":"hunter2-secret"}', "hunter2-secret"],
      ["csrf: 'abcDEF123456789'", "abcDEF123456789"],
      ["Cookie: __session=eyJhbGciOi.payload.sig", "eyJhbGciOi"],
      ["Authorization: Bearer abc.def.ghi-123", "abc.def.ghi-123"],
      ["key sk_live_51Habcdefghijklmnop in the text", "51Habcdefghijklmnop"],
      ["whsec_abcdefghijklmnop", "abcdefghijklmnop"],
      ["SESSION_SECRET=0123456789abcdef0123456789abcdef", "0123456789abcdef0123456789abcdef"],
    ] as const;
    for (const [text, secret] of cases) expect(redact(text), text).not.toContain(secret);
    // Diagnostics stay readable.
    expect(redact("SqliteError: database or disk is full code: 'SQLITE_FULL'")).toContain("SQLITE_FULL");
    // A configuration message that names a secret keeps its words; a value after it is still redacted.
    expect(redact("METRICS_TOKEN: must be at least 24 characters")).toBe(
      "METRICS_TOKEN: must be at least 24 characters",
    );
    expect(redact("token: s3cr3tvalue and more")).not.toContain("s3cr3tvalue");
  });

  it("log a URL without its capability parameters", () => {
    expect(loggableUrl("/auth/reset-password?token=abc123&mode=resetPassword")).toBe(
      "/auth/reset-password?token=[redacted]&mode=resetPassword",
    );
    expect(loggableUrl("/orders/o1?key=signed-key&placed=1")).toBe("/orders/o1?key=[redacted]&placed=1");
    expect(loggableUrl("/products?search=jeans&page=2")).toBe("/products?search=jeans&page=2");
  });

  it("give Cloud Logging its severity, request id and trace", () => {
    const scope = scopeFromHeaders({
      "x-request-id": "req-12345678",
      traceparent: "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",
    });
    const entry = JSON.parse(jsonEntry("ERROR", "boom password=x1y2z3w4", scope, "demo-project"));
    expect(entry).toMatchObject({
      severity: "ERROR",
      requestId: "req-12345678",
      "logging.googleapis.com/trace": "projects/demo-project/traces/4bf92f3577b34da6a3ce929d0e0e4736",
      "logging.googleapis.com/spanId": "00f067aa0ba902b7",
      "logging.googleapis.com/trace_sampled": true,
    });
    expect(entry.message).not.toContain("x1y2z3w4");
    expect(textLine("GET / 200", scope)).toBe("GET / 200 [request req-12345678]");
  });
});

describe("request ids and traces", () => {
  it("keep a well-formed incoming id and replace one that could forge a log line", () => {
    expect(scopeFromHeaders({ "x-request-id": "lb-0123456789" }).requestId).toBe("lb-0123456789");
    for (const bad of ["short", "has space inside", "new\nline-0123456", "x".repeat(200)])
      expect(scopeFromHeaders({ "x-request-id": bad }).requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("read the trace from traceparent, else X-Cloud-Trace-Context, and ignore malformed or zero ones", () => {
    expect(scopeFromHeaders({ "x-cloud-trace-context": "105445AA7843BC8BF206B12000100000/1;o=1" })).toMatchObject({
      traceId: "105445aa7843bc8bf206b12000100000",
      spanId: "1",
      sampled: true,
    });
    expect(
      scopeFromHeaders({ traceparent: "00-00000000000000000000000000000000-00f067aa0ba902b7-01" }).traceId,
    ).toBeNull();
    expect(scopeFromHeaders({ traceparent: "garbage" }).traceId).toBeNull();
  });
});
