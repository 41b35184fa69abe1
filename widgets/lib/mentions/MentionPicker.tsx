import { useEffect, useId, useState, type RefObject } from 'react'

import { mentionAtCaret } from '@/rules/mentions'
import type { MentionableMember } from '@/schemas/mention'
import { sendWith } from '@widgets/lib/client'
import './MentionPicker.css'

interface Props {
  box: RefObject<HTMLTextAreaElement | null>
  text: string
  setText: (text: string) => void
}

const NONE: MentionableMember[] = []

/** Waits this long after a keystroke before asking: one request per pause, not per letter. */
const PAUSE_MS = 120

/**
 * Members matching the `@name` being typed, under the text box. The box keeps the focus and
 * points at the highlighted member (aria-activedescendant); ↑/↓ move, Enter picks, Escape
 * closes; how many were found is announced. Picking writes `@userName ` in place.
 */
export default function MentionPicker({ box, text, setText }: Props) {
  const id = useId()
  const listId = `${id}-list`
  const [caret, setCaret] = useState<number | null>(null)
  const [active, setActive] = useState(0)
  const [dismissed, setDismissed] = useState<number | null>(null)
  const at = caret === null ? null : mentionAtCaret(text, caret)
  const query = at && at.query && at.start !== dismissed ? at : null

  // The caret moves with typing, clicks and arrows; the box is not ours to re-render.
  useEffect(() => {
    const el = box.current
    if (!el) return
    const follow = () => setCaret(document.activeElement === el ? el.selectionStart : null)
    follow()
    const events = ['input', 'keyup', 'click', 'focus', 'blur'] as const
    for (const name of events) el.addEventListener(name, follow)
    return () => events.forEach((name) => el.removeEventListener(name, follow))
  }, [box])

  const q = query?.query
  // The answer is kept with the name it answers: an older one never shows for a newer name.
  const [found, setFound] = useState<{ q: string; members: MentionableMember[] } | null>(null)
  const members = q && found?.q === q ? found.members : NONE
  useEffect(() => {
    if (!q) return
    const controller = new AbortController()
    const timer = setTimeout(() => {
      sendWith({ signal: controller.signal }, 'users.mentionable', { q })
        .then((answer) => {
          setFound({ q, members: answer.members })
          setActive(0)
        })
        .catch(() => setFound({ q, members: [] }))
    }, PAUSE_MS)
    return () => {
      clearTimeout(timer)
      controller.abort()
    }
  }, [q])

  const open = query !== null && members.length > 0

  const pick = (member: MentionableMember) => {
    if (!query || caret === null) return
    const before = `${text.slice(0, query.start)}@${member.userName} `
    setText(before + text.slice(caret))
    setFound(null)
    requestAnimationFrame(() => {
      box.current?.setSelectionRange(before.length, before.length)
      setCaret(before.length)
    })
  }
  // Listened to on the box itself, so Escape closes the list before the form hears of it.
  useEffect(() => {
    const el = box.current
    if (!el) return
    const onKey = (e: KeyboardEvent) => {
      if (!open) return
      const n = members.length
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        setActive((a) => (a + (e.key === 'ArrowDown' ? 1 : n - 1)) % n)
      } else if (e.key === 'Enter') {
        pick(members[active]!)
      } else if (e.key === 'Escape') {
        setDismissed(query.start)
        e.stopPropagation()
      } else return
      e.preventDefault()
    }
    el.addEventListener('keydown', onKey)
    return () => el.removeEventListener('keydown', onKey)
  })

  useEffect(() => {
    const el = box.current
    if (!el) return
    el.setAttribute('aria-autocomplete', 'list')
    if (open) {
      el.setAttribute('aria-controls', listId)
      el.setAttribute('aria-activedescendant', `${id}-${active}`)
    } else {
      el.removeAttribute('aria-controls')
      el.removeAttribute('aria-activedescendant')
    }
  }, [box, open, active, id, listId])

  const many = members.length === 1 ? '1 member' : `${members.length} members`
  return (
    <>
      <p className="sr-only" aria-live="polite">
        {open ? `${many} to mention: up and down to choose, Enter to pick, Escape to close.` : ''}
      </p>
      {open && (
        <ul id={listId} role="listbox" aria-label="Members to mention" className="mention-list">
          {members.map((m, i) => (
            <li
              key={m.userName}
              id={`${id}-${i}`}
              role="option"
              aria-selected={i === active}
              onMouseDown={(e) => {
                e.preventDefault()
                pick(m)
              }}
            >
              <span className="mention-name">@{m.userName}</span>
              {m.name && <span className="mention-full">{m.name}</span>}
            </li>
          ))}
        </ul>
      )}
    </>
  )
}
