// `npm start` on a port another process holds would migrate and seed the store, then die with an
// EADDRINUSE stack trace: find out first, by holding the port for a moment, and say so in one line.
import net from "node:net";
import { logLine } from "./log-line.mjs";

/** The port and interface the server will listen on (scripts/server.mjs reads the same). */
export function listenTarget(env = process.env) {
  return { port: Number.parseInt(env.PORT ?? "3000", 10) || 3000, host: env.HOST || undefined };
}

/** Why the port cannot be listened on, in one line, or null when it can. */
export function portProblem(error, { port, host }) {
  const where = host ? `${host}:${port}` : `port ${port}`;
  if (error?.code === "EADDRINUSE")
    return `${where} is already in use (another shop or program is listening there): stop it, or start with PORT=<another port>.`;
  if (error?.code === "EACCES") return `${where} needs privileges this process lacks: use a port above 1023.`;
  if (error?.code === "EADDRNOTAVAIL") return `HOST=${host} is not an address of this machine.`;
  return null;
}

/** Exits with one line when the port cannot be listened on; nothing is touched before. */
export async function ensurePortFree(env = process.env) {
  const target = listenTarget(env);
  const problem = await new Promise((resolve) => {
    const probe = net.createServer();
    probe.once("error", (error) => resolve(portProblem(error, target) ?? `${error.message}`));
    probe.listen(target.port, target.host, () => probe.close(() => resolve(null)));
  });
  if (!problem) return;
  logLine("ERROR", `Cannot start: ${problem}`);
  process.exit(1);
}
