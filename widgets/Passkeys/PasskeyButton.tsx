import { useEffect, useState } from 'react'

import { landingAfterSignIn } from '@/rules/accounts'
import { PASSKEY_MESSAGES, PASSKEY_TEXT } from '@/rules/passkeys'
import { useHydrated } from '@widgets/lib/useHydrated'
import './Passkeys.css'

type Ceremony = typeof import('./ceremony')

interface Props {
  /** Passwordless (any passkey, Remember me as ticked) or the second step after the password. */
  step: { remember: boolean } | { secondStep: true; challenge: string | null }
  next: string | null
  label: string
  /** Where a refusal is said (the form's own red box). */
  onError: (message: string | null) => void
}

/**
 * Sign-in with a passkey on /login. The WebAuthn code (widgets/Passkeys/ceremony.ts and
 * @simplewebauthn/browser) is its own chunk, fetched once the page is live, so the sign-in
 * page's first scripts do not grow; without JavaScript the page says passkeys need it. It looks
 * like the forms' other ways to sign in (`.sign-in-option`, widgets/Accounts/Accounts.css).
 */
export function PasskeyButton({ step, next, label, onError }: Props) {
  const live = useHydrated()
  const [ceremony, setCeremony] = useState<Ceremony | null>(null)
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    let current = true
    void import('./ceremony').then((module) => current && setCeremony(module))
    return () => {
      current = false
    }
  }, [])

  if (!live) return <p className="passkey-note">{PASSKEY_TEXT.needsScript}</p>
  if (ceremony && !ceremony.passkeysSupported())
    return <p className="passkey-note">{PASSKEY_MESSAGES.unsupported}</p>

  const onClick = async () => {
    if (!ceremony) return
    setBusy(true)
    onError(null)
    try {
      const { user } = await ceremony.signInWithPasskey(step)
      location.assign(landingAfterSignIn(user, next))
    } catch (e) {
      onError((e as Error).message)
      setBusy(false)
    }
  }

  return (
    <button
      type="button"
      className="sign-in-option"
      onClick={() => void onClick()}
      disabled={!ceremony || busy}
    >
      {busy ? PASSKEY_TEXT.signingIn : label}
    </button>
  )
}
