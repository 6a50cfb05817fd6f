import { mailMessages } from "../observability/metrics.server";
import type { Mailer } from "./port";

/** The mailer, with every message it is handed counted as sent or failed (a failure still throws). */
export function countedMailer(mailer: Mailer): Mailer {
  return {
    kind: mailer.kind,
    async send(message) {
      try {
        await mailer.send(message);
        mailMessages.inc({ result: "sent" });
      } catch (error) {
        mailMessages.inc({ result: "failed" });
        throw error;
      }
    },
  };
}
