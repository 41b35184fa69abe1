import { createElement, lazy, Suspense, useState, type ReactNode, type RefObject } from 'react'

const MentionPicker = lazy(() => import('./MentionPicker'))

/**
 * The @mention picker of a post's text box: its code loads the first time an '@' is typed, so
 * pages that only show posts never fetch it. Render the answer just after the text box.
 */
export function useMentionPicker(
  box: RefObject<HTMLTextAreaElement | null>,
  text: string,
  setText: (text: string) => void,
): ReactNode {
  const [wanted, setWanted] = useState(false)
  if (!wanted && text.includes('@')) setWanted(true)
  if (!wanted) return null
  return createElement(
    Suspense,
    { fallback: null },
    createElement(MentionPicker, { box, text, setText }),
  )
}
