// The mail port: services hand over a finished message; an adapter delivers it.
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  readonly kind: "outbox" | "smtp";
  send(message: MailMessage): Promise<void>;
}
