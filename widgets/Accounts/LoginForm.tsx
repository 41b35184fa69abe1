import { useId, useRef, useState, type FormEvent } from 'react'

import { ACCOUNT_MESSAGES, landingAfterSignIn, safeNextPath } from '@/rules/accounts'
import { formAction, keptValue, type FormState } from '@/views/forms'
import { send, type Answer } from '@widgets/lib/client'
import { useTypedBeforeHydration } from '@widgets/lib/typedBeforeHydration'
import {
  Divider,
  ErrorBox,
  GoogleLink,
  Notice,
  oidcStartHref,
  EmailField,
  AccountForm,
} from './parts'
import { PASSKEY_TEXT } from '@/rules/passkeys'
import { PasskeyButton } from '@widgets/Passkeys/PasskeyButton'
import { CodeStep, type SecondSteps } from './CodeStep'
import { PasswordField } from './PasswordField'
import './Accounts.css'

interface Props {
  /** From ?error= (a failed Google sign-in), already worded by the server. */
  error?: string | null
  /** From ?next=: where to go after signing in (same-site paths only). */
  next?: string | null
  /** From ?registered=1: the sign-up screen sent us here. */
  registered?: boolean
  /** The form as it came back refused (posted before or without JavaScript). */
  form?: FormState
  /** From ?step=code: the password was right, the two-factor code is asked for. */
  step?: 'code' | null
  /** With ?step=code: what the account's second step can be (read from the step's cookie). */
  steps?: SecondSteps | null
}

type SignedIn = Answer<'accounts.login'> & { twoFactorRequired?: undefined }

/** The password was right and a second step is asked for (the contract's 202 answer). */
interface SecondStepAsked {
  twoFactorRequired: true
  challenge: string
  steps: SecondSteps
}

/** SPEC §2 Login: 'Welcome Back'. idle → signing in → home (or /register without a profile). */
export default function LoginForm({
  error: initialError = null,
  next = null,
  registered = false,
  form,
  step = null,
  steps: initialSteps = null,
}: Props) {
  const [challenge, setChallenge] = useState<string | null>(null)
  const [steps, setSteps] = useState<SecondSteps | null>(initialSteps)
  const [email, setEmail] = useState(keptValue(form, 'email'))
  const [password, setPassword] = useState('')
  const [remember, setRemember] = useState(keptValue(form, 'remember') !== '')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(
    form?.error ?? (initialError ? ACCOUNT_MESSAGES.oidcLoginFailed(initialError) : null),
  )
  const errorId = useId()
  const formRef = useRef<HTMLFormElement>(null)
  useTypedBeforeHydration(formRef, {
    email: setEmail,
    password: setPassword,
    remember: () => setRemember(true),
  })
  const safeNext = next ? safeNextPath(next) : null

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    if (!email.trim() || !password) {
      setError(ACCOUNT_MESSAGES.emailAndPasswordRequired)
      return
    }
    setBusy(true)
    setError(null)
    try {
      // A 202 asks for the second step: the client types the done answer only.
      const answer = (await send('accounts.login', {
        email: email.trim(),
        password,
        remember,
      })) as SignedIn | SecondStepAsked
      if (answer.twoFactorRequired) {
        setSteps(answer.steps)
        setChallenge(answer.challenge)
        return
      }
      location.assign(landingAfterSignIn(answer.user, safeNext))
    } catch (e) {
      setError((e as Error).message)
      setBusy(false)
    }
  }

  if (challenge || step === 'code')
    return (
      <div className="account-card">
        <CodeStep
          next={safeNext}
          challenge={challenge}
          steps={steps ?? { code: true, passkey: false }}
          form={form?.name === 'loginCode' ? form : undefined}
        />
      </div>
    )

  return (
    <div className="account-card">
      <h1>Welcome Back</h1>
      <p className="account-lead">Sign in to review, comment and join your neighbourhood.</p>
      {registered && <Notice>{ACCOUNT_MESSAGES.registered}</Notice>}
      <ErrorBox id={errorId} message={error} />
      <AccountForm
        formRef={formRef}
        action={formAction('login', { next: safeNext })}
        onSubmit={onSubmit}
        busy={busy}
        label="Sign In"
        busyLabel="Signing in..."
      >
        <EmailField id="login-email" value={email} onChange={setEmail} />
        <PasswordField
          label="Password"
          value={password}
          onChange={setPassword}
          autoComplete="current-password"
        />
        <div className="form-row">
          <label className="check">
            <input
              type="checkbox"
              name="remember"
              checked={remember}
              onChange={(e) => setRemember(e.target.checked)}
            />
            Remember me
          </label>
          <a href="/forgot-password">Forgot password?</a>
        </div>
      </AccountForm>
      <Divider />
      <PasskeyButton
        step={{ remember }}
        next={safeNext}
        label={PASSKEY_TEXT.signIn}
        onError={setError}
      />
      <GoogleLink href={oidcStartHref('login', { next: safeNext, remember })}>
        Continue with Google
      </GoogleLink>
      <p className="account-switch">
        New to Belong? <a href="/register">Create an account</a>
      </p>
    </div>
  )
}
