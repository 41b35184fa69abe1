'use client'

import { Button } from '@payloadcms/ui'
import { useRouter } from 'next/navigation'
import React, { useState } from 'react'

import { suspensionEndText } from '@/rules/moderation'
import type { SuspendedMember } from '@/data/moderationQueue'
import { postModeration } from './postModeration'

const untilText = (iso: string) => `until ${suspensionEndText(iso)}`

/** The members suspended now, each with 'Lift suspension' (POST /api/reports/lift). */
export function SuspendedMembers({ members }: { members: SuspendedMember[] }) {
  const router = useRouter()
  const [busy, setBusy] = useState(false)
  const [message, setMessage] = useState('')

  async function lift(m: SuspendedMember) {
    setBusy(true)
    setMessage('')
    const { ok, body } = await postModeration<{ message?: string }>('/api/reports/lift', {
      member: m.id,
    })
    setBusy(false)
    setMessage(ok ? (body.message ?? 'Done.') : (body.errors?.[0]?.message ?? 'It failed.'))
    if (ok) router.refresh()
  }

  return (
    <section aria-labelledby="suspended-heading" className="suspended-members">
      <h2 id="suspended-heading">Suspended members</h2>
      <p role="status">{message}</p>
      {members.length === 0 ? (
        <p>Nobody is suspended.</p>
      ) : (
        <ul>
          {members.map((m) => (
            <li key={m.id}>
              <a href={`/admin/collections/users/${m.id}`}>{m.userName ?? `Member ${m.id}`}</a>,{' '}
              {untilText(m.until)}{' '}
              <Button
                buttonStyle="secondary"
                size="small"
                margin={false}
                disabled={busy}
                aria-label={`Lift the suspension of ${m.userName ?? `member ${m.id}`}`}
                onClick={() => void lift(m)}
              >
                Lift suspension
              </Button>
            </li>
          ))}
        </ul>
      )}
      <style>{`
        .suspended-members { margin-top: 2rem; }
        .suspended-members ul { list-style: none; padding: 0; display: grid; gap: .5rem; }
        .suspended-members li { display: flex; gap: .5rem; align-items: center; flex-wrap: wrap; }
      `}</style>
    </section>
  )
}
