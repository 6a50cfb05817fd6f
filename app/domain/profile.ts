// A signed-in person's profile (users/{uid}), shared by the UI, the services and every store adapter.

export type Role = "admin" | "user";

/** Stored as users/{uid}. */
export interface Profile {
  uid: string;
  email: string;
  role: Role;
  displayName: string | null;
  createdAt: string;
  updatedAt: string;
}

/** What a profile update may change: merged into the stored profile. */
export type ProfilePatch = Partial<Pick<Profile, "displayName">>;
