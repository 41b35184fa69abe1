'use client'

import { Button } from '@payloadcms/ui'
import { useRouter } from 'next/navigation'
import React, { useState } from 'react'

import type { ModerationCase } from '@/data/moderationQueue'
import { postModeration } from './postModeration'

const keyOf = (c: Pick<ModerationCase, 'kind' | 'id'>) => `${c.kind}-${c.id}`

const age = (iso: string) => {
  const days = Math.floor((Date.now() - Date.parse(iso)) / 86_400_000)
  return days < 1 ? 'today' : days === 1 ? '1 day' : `${days} days`
}

const ago = (iso: string) => (age(iso) === 'today' ? 'today' : `${age(iso)} ago`)

/** One decision's button: Payload's small one, off while a decision is on its way. */
function DecideButton(props: {
  primary?: boolean
  busy: boolean
  onClick: () => void
  children: React.ReactNode
}) {
  return (
    <Button
      buttonStyle={props.primary ? 'primary' : 'secondary'}
      size="small"
      margin={false}
      disabled={props.busy}
      onClick={props.onClick}
    >
      {props.children}
    </Button>
  )
}

/** The queue's cases with a checkbox each, and the decisions for the ticked ones. */
export function CaseList({ cases }: { cases: ModerationCase[] }) {
  const router = useRouter()
  const [ticked, setTicked] = useState<Set<string>>(new Set())
  const [length, setLength] = useState('week')
  const [busy, setBusy] = useState(false)
  const [message, setMessage] = useState('')

  async function decide(action: 'hide' | 'restore' | 'suspend', only?: ModerationCase) {
    const chosen = only ? [only] : cases.filter((c) => ticked.has(keyOf(c)))
    if (!chosen.length) return setMessage('Tick one or more cases first.')
    setBusy(true)
    setMessage('')
    const { ok, body } = await postModeration<{ decided?: number }>('/api/reports/decide', {
      cases: chosen.map((c) => ({ targetKind: c.kind, targetId: c.id })),
      action,
      ...(action === 'suspend' ? { length } : {}),
    })
    setBusy(false)
    if (!ok) return setMessage(body.errors?.[0]?.message ?? 'The decision failed.')
    setMessage(`Decided ${body.decided ?? 0} case${body.decided === 1 ? '' : 's'}.`)
    setTicked(new Set())
    router.refresh()
  }

  if (!cases.length) return <p className="moderation-empty">No open cases. All clear.</p>
  const toggle = (c: ModerationCase) =>
    setTicked((t) => {
      const next = new Set(t)
      if (next.has(keyOf(c))) next.delete(keyOf(c))
      else next.add(keyOf(c))
      return next
    })

  return (
    <div className="moderation-queue">
      <div className="moderation-bar" role="group" aria-label="Decide the ticked cases">
        <span>{ticked.size} ticked</span>
        <DecideButton busy={busy} onClick={() => void decide('hide')}>
          Hide
        </DecideButton>
        <DecideButton busy={busy} onClick={() => void decide('restore')}>
          Restore
        </DecideButton>
        <label>
          Suspend for{' '}
          <select value={length} onChange={(e) => setLength(e.currentTarget.value)}>
            <option value="week">7 days</option>
            <option value="month">30 days</option>
            <option value="lifted">until lifted</option>
          </select>
        </label>
        <DecideButton busy={busy} onClick={() => void decide('suspend')}>
          Suspend
        </DecideButton>
        <span role="status">{message}</span>
      </div>
      <ol className="moderation-cases">
        {cases.map((c) => (
          <li key={keyOf(c)} className="moderation-case" aria-label={`Case: ${c.kind} ${c.id}`}>
            <label className="moderation-tick">
              <input type="checkbox" checked={ticked.has(keyOf(c))} onChange={() => toggle(c)} />
              <span className="sr-only">Tick this case</span>
            </label>
            <div>
              <p className="moderation-meta">
                <strong>{c.kind}</strong>
                {c.neighbourhood ? ` · ${c.neighbourhood}` : ''} · first reported{' '}
                {ago(c.firstReportedAt)} · {c.reports} report{c.reports === 1 ? '' : 's'}, weight{' '}
                {c.weight}
                {c.hidden ? ' · hidden pending review' : ''}
              </p>
              <blockquote className="moderation-text">{c.text}</blockquote>
              {c.image && (
                <img
                  className="moderation-image"
                  src={c.image}
                  alt={`The ${c.kind}'s picture`}
                  loading="lazy"
                />
              )}
              <p>Reasons: {c.reasons.map((r) => `${r.label} (${r.count})`).join(', ')}</p>
              {c.appeal && (
                <p className="moderation-appeal">
                  <strong>The author asks for a review:</strong> “{c.appeal}”
                </p>
              )}
              {c.notes.length > 0 && (
                <ul className="moderation-notes">
                  {c.notes.map((n, i) => (
                    <li key={i}>“{n}”</li>
                  ))}
                </ul>
              )}
              <p>
                {c.author
                  ? `By ${c.author.userName ?? 'a member'} (account ${age(c.author.since)} old, ${c.author.upheld} earlier upheld case${c.author.upheld === 1 ? '' : 's'})`
                  : 'By a visitor'}{' '}
                · <a href={c.href}>Open where it is</a>
              </p>
              <div className="moderation-actions">
                <DecideButton primary busy={busy} onClick={() => void decide('hide', c)}>
                  Hide
                </DecideButton>
                <DecideButton busy={busy} onClick={() => void decide('restore', c)}>
                  Restore
                </DecideButton>
                {c.author && (
                  <DecideButton busy={busy} onClick={() => void decide('suspend', c)}>
                    Suspend author
                  </DecideButton>
                )}
              </div>
            </div>
          </li>
        ))}
      </ol>
      <style>{`
        .moderation-bar { display: flex; flex-wrap: wrap; gap: .75rem; align-items: center;
          position: sticky; top: 0; z-index: 1; padding: .75rem 0; background: var(--theme-bg); }
        .moderation-cases { list-style: none; padding: 0; display: grid; gap: 1rem; }
        .moderation-case { display: flex; gap: 1rem; padding: 1rem; border: 1px solid var(--theme-elevation-150);
          border-radius: 6px; }
        .moderation-text { white-space: pre-wrap; margin: .5rem 0; padding: .5rem .75rem;
          border-left: 3px solid var(--theme-elevation-300); overflow-wrap: anywhere; }
        .moderation-image { display: block; max-width: 240px; max-height: 160px; object-fit: cover;
          border-radius: 4px; margin: 0 0 .5rem; }
        .moderation-actions { display: flex; gap: .5rem; flex-wrap: wrap; }
        .moderation-meta { margin: 0; }
        .sr-only { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
      `}</style>
    </div>
  )
}
