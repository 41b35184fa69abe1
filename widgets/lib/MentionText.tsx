import { mentionParts, profilePath } from '@/rules/mentions'

/** A post's text with its @mentions of members linked to their profiles (as MentionText.astro). */
export function MentionText({ text, mentions }: { text: string; mentions: readonly string[] }) {
  return (
    <>
      {mentionParts(text, mentions).map((part, i) =>
        'userName' in part ? (
          <a key={i} className="mention" href={profilePath(part.userName)}>
            {part.text}
          </a>
        ) : (
          part.text
        ),
      )}
    </>
  )
}
