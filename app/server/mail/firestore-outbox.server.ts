import type { Firestore } from "firebase-admin/firestore";
import { firestoreSdk } from "~/server/firebase-sdk.server";
import nodemailer from "nodemailer";
import { available } from "../store/firestore/availability.server";
import type { Mailer } from "./port";

/** The Firestore collection of outgoing mail. */
export const MAIL_COLLECTION = "mail";

/**
 * The outbox of the Firebase backend when no SMTP server is configured: one document per message
 * in `mail`, shared by every instance (never one instance's disk). The document has the shape the
 * Firebase "Trigger Email" extension (firestore-send-email) sends from: `to`, `from` and
 * `message: { subject, text, html }`; installed on that collection, it delivers the mail. Beside
 * those: `createdAt` (the commit time) and `rfc822`, the composed message as an .eml file holds it.
 */
export function createFirestoreOutboxMailer(options: { db: Firestore; from: string; log: boolean }): Mailer {
  // nodemailer's stream transport composes the RFC 5322 message without sending it.
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  const mail = options.db.collection(MAIL_COLLECTION);
  return {
    kind: "firestore-outbox",
    async send(message) {
      const info = await composer.sendMail({ from: options.from, ...message });
      await available(() =>
        mail.doc().create({
          to: message.to,
          from: options.from,
          message: {
            subject: message.subject,
            text: message.text,
            ...(message.html === undefined ? {} : { html: message.html }),
            ...(message.headers === undefined ? {} : { headers: message.headers }),
          },
          createdAt: firestoreSdk().FieldValue.serverTimestamp(),
          rfc822: (info.message as Buffer).toString("utf8"),
        }),
      );
      if (options.log) {
        const links = message.text.match(/https?:\/\/\S+/g) ?? [];
        console.log(`[mail] to ${message.to}: ${message.subject}${links.length ? `\n  ${links.join("\n  ")}` : ""}`);
      }
    },
  };
}
