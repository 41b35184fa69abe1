import { userNameKey } from './userName'

/**
 * @mentions in what members write: `@userName` after the start or a character that is not part
 * of a word (so `a@b.org` is an address, not a mention). A user name may hold '.' and '-', but a
 * mention ends on a letter, digit or '_': 'thanks @amara.' mentions amara.
 */
const MENTION = /(^|[^A-Za-z0-9_@.-])@([A-Za-z0-9][A-Za-z0-9_.-]{1,28}[A-Za-z0-9_])/g

/** At most this many different members in one post. */
export const MAX_MENTIONS = 10

export const MENTION_LIMIT_MESSAGE = `You can mention at most ${MAX_MENTIONS} members in one post.`

/** Each different name mentioned in `text`, as written the first time, in order. */
export function mentionedNames(text: string): string[] {
  const seen = new Map<string, string>()
  for (const match of text.matchAll(MENTION)) {
    const name = match[2]!
    if (!seen.has(userNameKey(name))) seen.set(userNameKey(name), name)
  }
  return [...seen.values()]
}

export const withinMentionLimit = (text: string) => mentionedNames(text).length <= MAX_MENTIONS

/** A piece of a post's text: plain, or a mention of a member who exists (links to them). */
export type MentionPart = { text: string } | { text: string; userName: string }

/**
 * The text cut into plain pieces and mentions of `known` members (the user names the server
 * found when the post was saved); any other `@name` stays plain text.
 */
export function mentionParts(
  text: string,
  known: readonly string[] | null | undefined,
): MentionPart[] {
  const names = new Map((known ?? []).map((n) => [userNameKey(n), n]))
  if (!names.size) return [{ text }]
  const parts: MentionPart[] = []
  let at = 0
  for (const match of text.matchAll(MENTION)) {
    const userName = names.get(userNameKey(match[2]!))
    if (!userName) continue
    const start = match.index + match[1]!.length
    if (start > at) parts.push({ text: text.slice(at, start) })
    parts.push({ text: `@${match[2]}`, userName })
    at = start + match[2]!.length + 1
  }
  if (at < text.length) parts.push({ text: text.slice(at) })
  return parts
}

/** The stored `mentions` of a post (a JSON field) as user names; anything else is none. */
export function mentionsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []
}

/** Where a mention leads. */
export const profilePath = (userName: string) => `/profile/${encodeURIComponent(userName)}`

/**
 * The name being typed before the caret, when the caret ends an `@name` (or a lone '@'): the
 * editor offers matching members for it. `start` is where the '@' stands.
 */
export function mentionAtCaret(
  text: string,
  caret: number,
): { query: string; start: number } | null {
  const match = /(^|[^A-Za-z0-9_@.-])@([A-Za-z0-9][A-Za-z0-9_.-]{0,29})?$/.exec(
    text.slice(0, caret),
  )
  if (!match) return null
  const query = match[2] ?? ''
  return { query, start: caret - query.length - 1 }
}
