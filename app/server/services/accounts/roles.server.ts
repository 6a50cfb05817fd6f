import type { Profile, Role } from "~/server/store/types";

/** Spec section 5: admin when the e-mail, trimmed and lower-cased, is in the admin list. */
export function roleFor(email: string | null | undefined, adminEmails: readonly string[]): Role {
  if (!email) return "user";
  return adminEmails.includes(email.trim().toLowerCase()) ? "admin" : "user";
}

/** Spec section 6: with no profile the role is user; isAdmin only for role admin. */
export function roleOf(profile: Profile | null | undefined): Role {
  return profile?.role === "admin" ? "admin" : "user";
}

export function isAdmin(profile: Profile | null | undefined): boolean {
  return roleOf(profile) === "admin";
}
