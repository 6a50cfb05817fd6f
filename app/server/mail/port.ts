// The mail port: services hand over a finished message; an adapter delivers it.
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra header fields (List-Unsubscribe, …), carried by every adapter. */
  headers?: Record<string, string>;
}

export interface Mailer {
  /** outbox: .eml files on disk (embedded); firestore-outbox: the Firestore `mail` collection (Firebase); smtp: SMTP_URL. */
  readonly kind: "outbox" | "firestore-outbox" | "smtp";
  send(message: MailMessage): Promise<void>;
}
