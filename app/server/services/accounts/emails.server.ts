import type { MailMessage } from "~/server/mail/port";

/** The password-reset e-mail of the embedded backend (Firebase sends its own). */
export function passwordResetMail(shopName: string, to: string, url: string): MailMessage {
  return {
    to,
    subject: `Reset your ${shopName} password`,
    text: [
      "Hello,",
      "",
      `Someone asked to reset the password of your ${shopName} account. To choose a new password, open this link within one hour:`,
      "",
      url,
      "",
      "If it was not you, ignore this e-mail: your password stays as it is.",
      "",
      `— ${shopName}`,
    ].join("\n"),
  };
}
