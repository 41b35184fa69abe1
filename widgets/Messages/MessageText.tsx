import { MESSAGE_LINK_REL, messageParts } from '@/rules/privateMessages'

/** A message's text with its web addresses as links (nofollow, ugc, noopener; no previews). */
export function MessageText({ text }: { text: string }) {
  return (
    <>
      {messageParts(text).map((part, i) =>
        'href' in part ? (
          <a key={i} href={part.href} rel={MESSAGE_LINK_REL} target="_blank">
            {part.href}
          </a>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  )
}
