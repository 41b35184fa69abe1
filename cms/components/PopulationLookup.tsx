'use client'

import { Button, useDocumentInfo } from '@payloadcms/ui'
import React, { useState } from 'react'

type Answer = {
  populationStatus?: { ok: boolean; message: string }
  errors?: { message: string }[]
}

/**
 * 'Look up population again' in a neighbourhood's sidebar: asks the population service again
 * (POST /api/neighbourhoods/:id/population, collections/Neighbourhoods/endpoints) and, once a
 * figure is saved, reloads the document so its fields show it.
 */
export function PopulationLookup() {
  const { id } = useDocumentInfo()
  const [busy, setBusy] = useState(false)
  const [said, setSaid] = useState<{ ok: boolean; message: string } | null>(null)
  if (!id) return null

  const lookUp = async () => {
    setBusy(true)
    setSaid(null)
    try {
      const response = await fetch(`/api/neighbourhoods/${id}/population`, {
        method: 'POST',
        credentials: 'include',
      })
      const answer = (await response.json().catch(() => ({}))) as Answer
      const status = answer.populationStatus ?? {
        ok: false,
        message: answer.errors?.[0]?.message ?? 'Population service error.',
      }
      setSaid(status)
      if (status.ok && response.ok && status.message === 'Population saved.')
        window.location.reload()
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="population-lookup field-type">
      <Button buttonStyle="secondary" size="small" disabled={busy} onClick={() => void lookUp()}>
        {busy ? 'Looking up…' : 'Look up population again'}
      </Button>
      {said && (
        <p role={said.ok ? 'status' : 'alert'} style={{ margin: '0.25rem 0 0' }}>
          {said.message}
        </p>
      )}
    </div>
  )
}
