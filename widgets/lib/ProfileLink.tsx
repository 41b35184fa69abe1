/** A member's user name, linking to their public profile. */
export function ProfileLink({ userName }: { userName: string }) {
  return <a href={`/profile/${encodeURIComponent(userName)}`}>{userName}</a>
}
