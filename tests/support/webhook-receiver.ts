import http from "node:http";
import type { AddressInfo } from "node:net";
import { verifySignature } from "~/server/services/webhooks/signature.server";

// A webhook receiver for tests, as a shop's partner would run one: it verifies each request's
// signature with the endpoint's secret and answers with the status `answer` gives for the n-th
// request (200 by default), keeping every request it got.

export interface Received {
  eventId: string | null;
  eventType: string | null;
  body: { id: string; type: string; data: Record<string, unknown> };
  signed: boolean;
  status: number;
}

export async function startReceiver(options: { answer?: (n: number) => number } = {}) {
  let secret = "";
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const signed = verifySignature(secret, text, (req.headers["hemline-signature"] as string | undefined) ?? null, {
        nowSeconds: Math.floor(Date.now() / 1000),
        // The tests move the shop's clock; the signature's time is the shop's.
        toleranceSeconds: 366 * 24 * 3600,
      });
      const status = signed ? (options.answer?.(received.length) ?? 200) : 400;
      received.push({
        eventId: (req.headers["hemline-event-id"] as string | undefined) ?? null,
        eventType: (req.headers["hemline-event-type"] as string | undefined) ?? null,
        body: JSON.parse(text) as Received["body"],
        signed,
        status,
      });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    /** The endpoint's secret, once the shop showed it. */
    useSecret(value: string) {
      secret = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
