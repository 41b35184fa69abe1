/**
 * User names (the public handle in /profile/{userName}): 3 to 30 characters of letters, digits,
 * '_', '-' and '.', starting with a letter or digit (so no handle reads as '...' or '-x' in a
 * URL). Unique without regard to case: 'Alice' and 'alice' are the same name.
 */
export const USER_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{2,29}$/

export function isValidUserName(value: string): boolean {
  return USER_NAME_PATTERN.test(value)
}

/**
 * Names a member cannot take, in any case: /profile/{name} would lead to one of the site's own
 * pages (/profile/settings) instead of their profile. Refused as taken when a name is set.
 */
export const RESERVED_USER_NAMES: readonly string[] = ['settings']

export function isReservedUserName(value: string): boolean {
  return RESERVED_USER_NAMES.includes(userNameKey(value))
}

/** The key the database keeps unique: the same name in any case maps to one key. */
export function userNameKey(value: string): string {
  return value.toLowerCase()
}

/** Who wrote what a deleted account leaves behind (kept reviews, comments others replied to). */
export const DELETED_MEMBER = 'Deleted member'
