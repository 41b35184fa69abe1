'use client'

import { Button, useDocumentInfo, useFormFields } from '@payloadcms/ui'
import React, { useState } from 'react'

import { postModeration } from './postModeration'

/**
 * 'Verify this alert' in a safety alert's sidebar (POST /api/safety-alerts/:id/verify): the alert
 * becomes its neighbourhood's banner and reaches the followers; the page reloads to show it.
 */
export function VerifyAlert() {
  const { id } = useDocumentInfo()
  const verifiedAt = useFormFields(([fields]) => fields.verifiedAt?.value)
  const [busy, setBusy] = useState(false)
  const [refused, setRefused] = useState('')
  if (!id) return null
  if (verifiedAt) return <p className="field-type">Verified.</p>

  const verify = async () => {
    setBusy(true)
    setRefused('')
    const { ok, body } = await postModeration(`/api/safety-alerts/${id}/verify`, {})
    setBusy(false)
    if (ok) return window.location.reload()
    setRefused(body.errors?.[0]?.message ?? 'Verifying failed.')
  }

  return (
    <div className="verify-alert field-type">
      <p style={{ margin: '0 0 0.5rem' }}>Not yet verified.</p>
      <Button buttonStyle="primary" size="small" disabled={busy} onClick={() => void verify()}>
        {busy ? 'Verifying…' : 'Verify this alert'}
      </Button>
      {refused && (
        <p role="alert" style={{ margin: '0.25rem 0 0' }}>
          {refused}
        </p>
      )}
    </div>
  )
}
