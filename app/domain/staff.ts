// Who may do what in the back office: the one permission table. The owner (an ADMIN_EMAILS
// account) may do everything; the others are staff roles an owner assigns at /admin/staff.
// Every admin loader and action names the permission it needs (requirePermission), and the
// back-office navigation shows only the sections a member's permissions open.

export const STAFF_ROLES = ["manager", "fulfilment", "support", "content"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export type BackOfficeRole = "owner" | StaffRole;

export const PERMISSIONS = [
  /** The dashboard, every member's landing page. */
  "dashboard.view",
  /** Products, categories and the CSV export: read only. */
  "catalogue.view",
  /** A product's texts and images (not its price, stock or status). */
  "catalogue.editTexts",
  /** Create, delete and import products; prices, stock and status. */
  "catalogue.manage",
  /** Orders and returns: read only. */
  "orders.view",
  /** Ship with tracking, deliver, and approve or receive returns. */
  "orders.fulfil",
  /** Refund an order or a return (support members: up to their own limit). */
  "orders.refund",
  /** Notes on an order's timeline. */
  "orders.note",
  "customers.view",
  "reviews.moderate",
  "promotions.manage",
  /** Shipping zones, their delivery methods and prices. */
  "shipping.manage",
  /** Markets: their countries, currencies, rates and rounding, and the default market. */
  "markets.manage",
  /** Issue, top up and void gift cards; their ledgers and the outstanding balance. */
  "giftCards.manage",
  /** Abandoned-checkout reminders: their figures and settings. */
  "reminders.manage",
  "analytics.view",
  "blog.manage",
  "audit.view",
  /** The log of e-mails the shop sent. */
  "emails.view",
  /** The test card page: it takes payments. */
  "payments.test",
  /** Owner only: invite, change and revoke staff. */
  "staff.manage",
  /** Owner only: the admin API's keys. */
  "apiKeys.manage",
  /** Owner only: webhook endpoints and their deliveries. */
  "webhooks.manage",
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const OWNER_ONLY: readonly Permission[] = ["staff.manage", "apiKeys.manage", "webhooks.manage"];

export const ROLE_PERMISSIONS: Readonly<Record<BackOfficeRole, readonly Permission[]>> = {
  owner: PERMISSIONS,
  manager: PERMISSIONS.filter((p) => !OWNER_ONLY.includes(p)),
  fulfilment: ["dashboard.view", "orders.view", "orders.fulfil"],
  support: ["dashboard.view", "customers.view", "orders.view", "orders.note", "orders.refund"],
  content: ["dashboard.view", "blog.manage", "catalogue.view", "catalogue.editTexts"],
};

export const ROLE_LABELS: Readonly<Record<BackOfficeRole, string>> = {
  owner: "Owner",
  manager: "Manager",
  fulfilment: "Fulfilment",
  support: "Support",
  content: "Content",
};

export function can(role: BackOfficeRole | null, permission: Permission): boolean {
  return role !== null && ROLE_PERMISSIONS[role].includes(permission);
}

export const isStaffRole = (value: unknown): value is StaffRole => STAFF_ROLES.includes(value as StaffRole);

/** A member of staff (not an owner: owners come from ADMIN_EMAILS). */
export interface StaffMember {
  uid: string;
  /** Lower-cased. */
  email: string;
  role: StaffRole;
  /** Support: the largest single refund they may make, in minor units; null for other roles. */
  refundLimitMinor: number | null;
  /** E-mail of the owner who added or last changed the member. */
  changedBy: string;
  addedAt: string;
  updatedAt: string;
}

/** An invitation to join the staff; the link's token is stored only as its SHA-256 hash. */
export interface StaffInvitation {
  /** Hex SHA-256 of the token in the link; also the invitation's id. */
  tokenHash: string;
  email: string;
  role: StaffRole;
  refundLimitMinor: number | null;
  invitedBy: string;
  createdAt: string;
  expiresAt: string;
  /** Set when accepted (single use). */
  acceptedAt: string | null;
  acceptedBy: string | null;
}

export const INVITATION_DAYS = 7;

/** Whether a refund of `amountMinor` is over the member's limit: only support members have one (none set: 0). */
export function overRefundLimit(role: BackOfficeRole | null, limitMinor: number | null, amountMinor: number): boolean {
  return role === "support" && amountMinor > (limitMinor ?? 0);
}
