import type { User } from '../api/types';
import { isAdminUser } from '../lib/user';

/** What a staff role may do: the server's permissions (routes/permissions.go), as the user object lists them. */
export type Permission = User['permissions'][number];

type Staffable = { roles?: string[]; isAdmin?: boolean; permissions?: readonly string[] } | null | undefined;

/**
 * Whether the user may do `perm`: an Admin may do everything, other staff what their roles grant
 * (the user's `permissions`). It only decides what the app shows; the server checks every request.
 */
export function userCan(user: Staffable, perm: Permission): boolean {
  return isAdminUser(user) || (user?.permissions ?? []).includes(perm);
}

/** Whether the user has a staff role (any permission): the admin area is theirs. */
export function isStaffUser(user: Staffable): boolean {
  return isAdminUser(user) || (user?.permissions ?? []).length > 0;
}
