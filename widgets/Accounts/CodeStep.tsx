import { useId, useRef, useState, type FormEvent } from 'react'

import { landingAfterSignIn } from '@/rules/accounts'
import { TWO_FACTOR_MESSAGES, TWO_FACTOR_TEXT } from '@/rules/twoFactor'
import { formAction, type FormState } from '@/views/forms'
import { ApiError } from '@widgets/lib/api'
import { send } from '@widgets/lib/client'
import { useTypedBeforeHydration } from '@widgets/lib/typedBeforeHydration'
import { PASSKEY_TEXT } from '@/rules/passkeys'
import { PasskeyButton } from '@widgets/Passkeys/PasskeyButton'
import { AccountForm, Divider, ErrorBox } from './parts'

/** What an account's second step can be: a code (authenticator app), a passkey, or both. */
export interface SecondSteps {
  code: boolean
  passkey: boolean
}

interface Props {
  /** Where to go once signed in (already a safe same-site path, or null). */
  next: string | null
  /** The challenge from the password step when the island made it (else it is in a cookie). */
  challenge?: string | null
  steps?: SecondSteps
  form?: FormState
}

/**
 * Sign-in's second step for an account with two-factor on: the 6-digit code from the app, or a
 * recovery code. Posts `?_form=loginCode` without JavaScript (src/forms/accounts.ts).
 */
export function CodeStep({
  next,
  challenge = null,
  steps = { code: true, passkey: false },
  form,
}: Props) {
  const [code, setCode] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(form?.error ?? null)
  const [expired, setExpired] = useState(false)
  const errorId = useId()
  const formRef = useRef<HTMLFormElement>(null)
  useTypedBeforeHydration(formRef, { code: setCode })

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    if (!code.trim()) {
      setError(TWO_FACTOR_MESSAGES.codeRequired)
      return
    }
    setBusy(true)
    setError(null)
    try {
      const { user } = await send(
        'accounts.loginCode',
        challenge ? { challenge, code: code.trim() } : { code: code.trim() },
      )
      location.assign(landingAfterSignIn(user, next))
    } catch (e) {
      setError((e as Error).message)
      setExpired(e instanceof ApiError && e.status === 401)
      setBusy(false)
    }
  }

  const codeForm = (
    <AccountForm
      formRef={formRef}
      action={formAction('loginCode', { step: 'code', next })}
      onSubmit={onSubmit}
      busy={busy || expired}
      label={TWO_FACTOR_TEXT.loginButton}
      busyLabel="Checking..."
    >
      <div className="field">
        <label htmlFor="login-code">{TWO_FACTOR_TEXT.loginCodeLabel}</label>
        <input
          id="login-code"
          name="code"
          type="text"
          inputMode="text"
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={code}
          onChange={(e) => setCode(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
      </div>
    </AccountForm>
  )

  return (
    <>
      <h1>{TWO_FACTOR_TEXT.loginTitle}</h1>
      <p className="account-lead">
        {steps.code ? TWO_FACTOR_TEXT.loginIntro : PASSKEY_TEXT.secondStepIntro}
      </p>
      <ErrorBox id={errorId} message={error} />
      {steps.passkey && (
        <PasskeyButton
          step={{ secondStep: true, challenge }}
          next={next}
          label={PASSKEY_TEXT.secondStep}
          onError={setError}
        />
      )}
      {steps.passkey && steps.code && <Divider />}
      {steps.code && codeForm}
      <p className="account-switch">
        <a href={next ? `/login?next=${encodeURIComponent(next)}` : '/login'}>
          {TWO_FACTOR_TEXT.loginBack}
        </a>
      </p>
    </>
  )
}
