import type { Profile, Role } from "~/domain/profile";

/** Admin when the e-mail, trimmed and lower-cased, is in the admin list (ADMIN_EMAILS). */
export function roleFor(email: string | null | undefined, adminEmails: readonly string[]): Role {
  if (!email) return "user";
  return adminEmails.includes(email.trim().toLowerCase()) ? "admin" : "user";
}

/** With no profile the role is user; isAdmin only for role admin. */
export function roleOf(profile: Profile | null | undefined): Role {
  return profile?.role === "admin" ? "admin" : "user";
}

export function isAdmin(profile: Profile | null | undefined): boolean {
  return roleOf(profile) === "admin";
}
