import http from "node:http";
import https from "node:https";
import net from "node:net";
import { guardedLookup, isPrivateAddress } from "./address-guard.server";

// One POST of a webhook: no redirects followed (a 3xx is a failure: the endpoint must be the
// address registered), a time limit, and the address guard at connection time.

export interface SendResult {
  httpStatus: number | null;
  error: string | null;
}

export type WebhookSender = (
  url: string,
  body: string,
  headers: Record<string, string>,
  options: { timeoutMs: number; allowPrivate: boolean },
) => Promise<SendResult>;

export const sendWebhook: WebhookSender = (url, body, headers, { timeoutMs, allowPrivate }) =>
  new Promise((resolve) => {
    const target = new URL(url);
    // An address written as an IP is connected to without a lookup: checked here instead.
    const literal = target.hostname.replace(/^\[|\]$/g, "");
    if (!allowPrivate && net.isIP(literal) && isPrivateAddress(literal)) {
      resolve({ httpStatus: null, error: `${literal} is a private, loopback or link-local address` });
      return;
    }
    const client = target.protocol === "https:" ? https : http;
    const request = client.request(
      target,
      {
        method: "POST",
        headers: { ...headers, "Content-Length": String(Buffer.byteLength(body)) },
        lookup: guardedLookup(allowPrivate),
        timeout: timeoutMs,
      },
      (response) => {
        // The answer's body is not kept: only its status counts.
        response.resume();
        response.on("end", () => {
          const status = response.statusCode ?? 0;
          resolve({ httpStatus: status, error: status >= 200 && status < 300 ? null : `HTTP ${status}` });
        });
        response.on("error", (error) => resolve({ httpStatus: response.statusCode ?? null, error: error.message }));
      },
    );
    request.on("timeout", () => request.destroy(new Error(`No answer within ${timeoutMs / 1000} s`)));
    request.on("error", (error) => resolve({ httpStatus: null, error: error.message.slice(0, 300) }));
    request.end(body);
  });
