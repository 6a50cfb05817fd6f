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

/**
 * To the owner of an address someone tried to register again: the registration form answers as
 * for a new address (so it reveals no account), and this e-mail tells the real owner what to do.
 */
export function registrationAttemptMail(
  shopName: string,
  to: string,
  links: { signInUrl: string; resetUrl: string },
): MailMessage {
  return {
    to,
    subject: `Your ${shopName} account`,
    text: [
      "Hello,",
      "",
      `Someone tried to create a ${shopName} account with this e-mail address, which already has one. No new account was made and nothing was changed.`,
      "",
      "If it was you, sign in here:",
      "",
      links.signInUrl,
      "",
      "Forgot your password? Choose a new one here:",
      "",
      links.resetUrl,
      "",
      "If it was not you, ignore this e-mail: your account stays as it is.",
      "",
      `— ${shopName}`,
    ].join("\n"),
  };
}
