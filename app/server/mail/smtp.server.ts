import nodemailer from "nodemailer";
import type { Mailer } from "./port";

/** Sends through the SMTP server in SMTP_URL (smtp://user:pass@host:587 or smtps://…). */
export function createSmtpMailer(options: { url: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(options.url);
  return {
    kind: "smtp",
    async send(message) {
      await transport.sendMail({ from: options.from, ...message });
    },
  };
}
