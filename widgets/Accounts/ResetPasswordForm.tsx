import { useRef, useState, type FormEvent } from 'react'

import { ACCOUNT_MESSAGES, passwordProblem, RESET_REDIRECT_MS } from '@/rules/accounts'
import { formAction, type FormState } from '@/views/forms'
import { useTypedBeforeHydration } from '@widgets/lib/typedBeforeHydration'
import { signOut } from '@widgets/lib/session'
import { ErrorBox, Notice, AccountForm } from './parts'
import { PasswordField } from './PasswordField'
import './Accounts.css'
import { send } from '@widgets/lib/client'

interface Props {
  /** From ?token= in the e-mailed link; without it the page explains where to get one. */
  token: string | null
  /** The form as it came back refused (posted before or without JavaScript). */
  form?: FormState
}

/** SPEC §2 Reset password: 'Set a New Password', two entries, then /login after ~0.8 s. */
export default function ResetPasswordForm({ token, form }: Props) {
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [busy, setBusy] = useState(false)
  const [done, setDone] = useState(false)
  const [error, setError] = useState<string | null>(form?.error ?? null)
  const formRef = useRef<HTMLFormElement>(null)
  useTypedBeforeHydration(formRef, { password: setPassword, confirm: setConfirm })

  if (!token) {
    return (
      <div className="account-card">
        <h1>Reset Password</h1>
        <p className="account-lead">
          To set a new password, open the link in the e-mail we sent you. Links work for one hour
          and only once.
        </p>
        <p className="account-switch">
          No e-mail, or the link expired? <a href="/forgot-password">Send a new link</a>
        </p>
      </div>
    )
  }

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    const problem = passwordProblem(password, confirm)
    if (problem) return setError(problem)
    setBusy(true)
    setError(null)
    try {
      await send('users.resetPassword', { token, password })
      // Payload signs the account in on reset; the spec sends people to sign in themselves.
      await signOut()
      setDone(true)
      setTimeout(() => location.assign('/login'), RESET_REDIRECT_MS)
    } catch (e) {
      setError((e as Error).message || ACCOUNT_MESSAGES.passwordUpdateFailed)
      setBusy(false)
    }
  }

  return (
    <div className="account-card">
      <h1>Set a New Password</h1>
      {done ? (
        <Notice>{ACCOUNT_MESSAGES.passwordUpdated}</Notice>
      ) : (
        <>
          <p className="account-lead">Choose a password of at least 6 characters.</p>
          <ErrorBox message={error} />
          <AccountForm
            formRef={formRef}
            action={formAction('resetPassword', { token })}
            onSubmit={onSubmit}
            busy={busy}
            label="Update password"
            busyLabel="Updating..."
          >
            <PasswordField
              label="New password"
              name="password"
              value={password}
              onChange={setPassword}
              autoComplete="new-password"
            />
            <PasswordField
              label="Confirm new password"
              name="confirm"
              value={confirm}
              onChange={setConfirm}
              autoComplete="new-password"
            />
          </AccountForm>
        </>
      )}
    </div>
  )
}
