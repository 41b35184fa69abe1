import { useStore } from '@nanostores/react'
import { useEffect } from 'react'

import { PUSH_TEXT } from '@/rules/push'
import { useHydrated } from '@widgets/lib/useHydrated'
import { $push, startPush } from './store'

/**
 * One line above the kinds when pushes cannot work here (this browser, a block in its settings,
 * an unconfirmed address), so each kind's toggle need not say it again.
 */
export default function PushStatus({ confirmed }: { confirmed: boolean }) {
  const state = useStore($push)
  // As the server drew it until hydrated (the toggles may have read the state first).
  const support = useHydrated() ? state.support : 'checking'
  useEffect(() => void startPush(), [])
  const line =
    support === 'unsupported'
      ? PUSH_TEXT.unsupported
      : support === 'blocked'
        ? PUSH_TEXT.blocked
        : confirmed
          ? ''
          : PUSH_TEXT.unconfirmed
  return (
    <p className="push-status muted" role="status">
      {line}
    </p>
  )
}
