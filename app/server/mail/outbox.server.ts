import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import type { Mailer } from "./port";

/**
 * Writes every message to DATA_DIR/outbox/ as an .eml file (open it in any mail client), and in
 * development logs the subject and links. The default when no SMTP server is configured.
 */
export function createOutboxMailer(options: { dir: string; from: string; log: boolean }): Mailer {
  // nodemailer's stream transport composes the RFC 5322 message without sending it.
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    kind: "outbox",
    async send(message) {
      const info = await composer.sendMail({ from: options.from, ...message });
      await fs.mkdir(options.dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const file = path.join(options.dir, `${stamp}-${crypto.randomBytes(4).toString("hex")}.eml`);
      await fs.writeFile(file, info.message as Buffer, { mode: 0o600 });
      if (options.log) {
        const links = message.text.match(/https?:\/\/\S+/g) ?? [];
        console.log(`[mail] to ${message.to}: ${message.subject}${links.length ? `\n  ${links.join("\n  ")}` : ""}`);
      }
    },
  };
}
