import { z } from "zod";

// Form schemas for the account pages: the server validates with them, and conform turns them
// into the browser's own hints (required, minLength, maxLength, type=email) that work without JS.

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

// Sentences both the forms and the accounts service say, written once.
export const WRONG_CREDENTIALS = "Incorrect e-mail or password";
export const PASSWORD_TOO_SHORT = `Password must be at least ${PASSWORD_MIN} characters`;
export const PASSWORD_CHANGED_MESSAGE = "Your password has been changed. Sign in with your new password.";
export const RESET_LINK_INVALID = "This reset link is invalid or has expired. Please request a new one.";
export const GOOGLE_SIGN_IN_FAILED = "Google sign-in failed. Please try again.";

const email = z
  .string({ required_error: "Enter your e-mail address" })
  .trim()
  .max(254, "That e-mail address is too long")
  .email("Enter a valid e-mail address, like name@example.com");

const newPassword = z
  .string({ required_error: "Choose a password" })
  .min(PASSWORD_MIN, PASSWORD_TOO_SHORT)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

// Sign-in only caps the length: a long paste must not cost a slow hash.
const currentPassword = z.string({ required_error: "Enter your password" }).max(PASSWORD_MAX, WRONG_CREDENTIALS);

export const loginSchema = z.object({
  email,
  password: currentPassword,
  redirectTo: z.string().max(2000).optional(),
});

export const registerSchema = z
  .object({
    email,
    password: newPassword,
    confirmPassword: z.string({ required_error: "Repeat your password" }).max(PASSWORD_MAX),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ["confirmPassword"],
    message: "The passwords do not match",
  });

export const forgotPasswordSchema = z.object({ email });

export const resetPasswordSchema = z
  .object({
    code: z.string({ required_error: RESET_LINK_INVALID }).max(2000),
    password: newPassword,
    confirmPassword: z.string({ required_error: "Repeat your password" }).max(PASSWORD_MAX),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ["confirmPassword"],
    message: "The passwords do not match",
  });

export const profileSchema = z.object({
  displayName: z
    .string()
    .trim()
    .max(80, "Keep your name under 80 characters")
    // Letters, marks, digits, spaces and common name punctuation; no markup or control characters.
    .regex(/^[\p{L}\p{M}\p{N} .,'’-]*$/u, "Use letters, spaces, hyphens and apostrophes only")
    .optional(),
});

export const changePasswordSchema = z
  .object({
    currentPassword: z.string({ required_error: "Enter your current password" }).max(PASSWORD_MAX),
    newPassword,
    confirmPassword: z.string({ required_error: "Repeat your new password" }).max(PASSWORD_MAX),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ["confirmPassword"],
    message: "The passwords do not match",
  });
