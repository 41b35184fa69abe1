import { useRef, useState, type FormEvent } from 'react'

import { ACCOUNT_MESSAGES } from '@/rules/accounts'
import { formAction, keptValue, type FormState } from '@/views/forms'
import { useTypedBeforeHydration } from '@widgets/lib/typedBeforeHydration'
import { ErrorBox, Notice, EmailField, AccountForm } from './parts'
import './Accounts.css'
import { send } from '@widgets/lib/client'

/** SPEC §2 Forgot password: e-mail → 'sent' (the same answer whether an account exists or not). */
export default function ForgotPasswordForm({ form }: { form?: FormState }) {
  const [email, setEmail] = useState(keptValue(form, 'email'))
  const [busy, setBusy] = useState(false)
  const [sent, setSent] = useState(false)
  const [error, setError] = useState<string | null>(form?.error ?? null)
  const input = useRef<HTMLInputElement>(null)
  const formRef = useRef<HTMLFormElement>(null)
  useTypedBeforeHydration(formRef, { email: setEmail })

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    if (!email.trim()) {
      setError('Please enter your e-mail.')
      input.current?.focus()
      return
    }
    setBusy(true)
    setError(null)
    try {
      await send('users.forgotPassword', { email: email.trim() })
      setSent(true)
    } catch (e) {
      setError((e as Error).message || ACCOUNT_MESSAGES.resetSendFailed)
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="account-card">
      <h1>Forgot Password</h1>
      {sent ? (
        <>
          <Notice>{ACCOUNT_MESSAGES.resetSent}</Notice>
          <p className="account-lead">
            The link works for one hour. Nothing arrived? Check your spam folder or{' '}
            <button type="button" className="link-button" onClick={() => setSent(false)}>
              try again
            </button>
            .
          </p>
          <p className="account-switch">
            <a href="/login">Back to sign in</a>
          </p>
        </>
      ) : (
        <>
          <p className="account-lead">
            Enter the e-mail of your account and we will send you a link to set a new password.
          </p>
          <ErrorBox message={error} />
          <AccountForm
            formRef={formRef}
            action={formAction('forgotPassword')}
            onSubmit={onSubmit}
            busy={busy}
            label="Send reset link"
            busyLabel="Sending..."
          >
            <EmailField id="forgot-email" value={email} onChange={setEmail} inputRef={input} />
          </AccountForm>
          <p className="account-switch">
            Remembered it? <a href="/login">Sign in</a>
          </p>
        </>
      )}
    </div>
  )
}
