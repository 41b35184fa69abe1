import { useEffect, useId, useRef, useState, type FormEvent } from 'react'

import { ACCOUNT_MESSAGES, passwordProblem } from '@/rules/accounts'
import { MESSAGES } from '@/rules/messages'
import { FORM_TOKEN_FIELD, HONEYPOT_FIELD } from '@/rules/signUp'
import { isValidUserName } from '@/rules/userName'
import { formAction, keptValue, type FormState } from '@/views/forms'
import { send } from '@widgets/lib/client'
import { useTypedBeforeHydration } from '@widgets/lib/typedBeforeHydration'
import { loadSession } from '@widgets/lib/session'
import { useSession } from '@widgets/lib/useSession'
import { toast } from '@widgets/lib/toast'
import {
  Divider,
  ErrorBox,
  GoogleLink,
  oidcStartHref,
  EmailField,
  AccountForm,
  HoneypotField,
} from './parts'
import { PasswordField } from './PasswordField'
import './Accounts.css'

interface Props {
  /** From ?error= (a failed Google sign-up), already worded by the server. */
  error?: string | null
  /** The form as it came back refused (posted before or without JavaScript). */
  form?: FormState
  /** The server knows the visitor is signed in without a user name: 'Create Profile'. */
  completing?: boolean
  /** When the page issued this form, signed by the server (sent back with the sign-up). */
  formToken?: string
}

/** How long the success toast shows before the next page. */
const PROFILE_TOAST_MS = 1200

function UserNameField({
  value,
  onChange,
  hintId,
}: {
  value: string
  onChange: (v: string) => void
  hintId: string
}) {
  return (
    <div className="field">
      <label htmlFor="register-username">Username</label>
      <input
        id="register-username"
        name="username"
        autoComplete="username"
        required
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={hintId}
      />
      <p id={hintId} className="hint">
        3 to 30 letters, digits, _, - or . — shown on your profile.
      </p>
    </div>
  )
}

/**
 * SPEC §2 Sign-up: 'Create an Account'. Signed in without a user name (e.g. after Google):
 * only the username, 'Create Profile'. Signed in with one: nothing to do here, go home.
 */
export default function RegisterForm({
  error: initialError = null,
  form,
  completing: signedInWithoutName = false,
  formToken = '',
}: Props) {
  const session = useSession()
  const [userName, setUserName] = useState(keptValue(form, 'username'))
  const [email, setEmail] = useState(keptValue(form, 'email'))
  const [password, setPassword] = useState('')
  const [name, setName] = useState(keptValue(form, 'name'))
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(
    form?.error ?? (initialError ? ACCOUNT_MESSAGES.oidcSignUpFailed(initialError) : null),
  )
  const hintId = useId()
  const formRef = useRef<HTMLFormElement>(null)
  useTypedBeforeHydration(formRef, {
    username: setUserName,
    email: setEmail,
    password: setPassword,
    name: setName,
  })

  useEffect(() => {
    void loadSession().then((s) => {
      if (s.status === 'signed-in' && s.user.userName) location.replace('/')
    })
  }, [])

  const user = session.status === 'signed-in' ? session.user : null
  const completing =
    (user !== null && !user.userName) ||
    (session.status === 'loading' && signedInWithoutName) ||
    form?.name === 'createProfile'

  const checkUserName = () => (isValidUserName(userName.trim()) ? null : MESSAGES.userNameInvalid)

  const onCreateProfile = async (event: FormEvent) => {
    event.preventDefault()
    const problem = checkUserName()
    if (problem) return setError(problem)
    if (!user) return location.assign('/login?next=%2Fregister')
    setBusy(true)
    setError(null)
    try {
      await send('users.update', { userName: userName.trim() }, { id: user.id })
      toast.success(ACCOUNT_MESSAGES.profileCreated)
      setTimeout(() => location.assign('/'), PROFILE_TOAST_MS)
    } catch (e) {
      setError((e as Error).message || ACCOUNT_MESSAGES.profileCreationFailed)
      setBusy(false)
    }
  }

  const onRegister = async (event: FormEvent) => {
    event.preventDefault()
    if (!userName.trim() || !email.trim() || !password) {
      return setError(ACCOUNT_MESSAGES.signUpFieldsRequired)
    }
    const problem = checkUserName() ?? passwordProblem(password)
    if (problem) return setError(problem)
    setBusy(true)
    setError(null)
    // The form's own hidden fields, as it sends them without script: its issue time, and the
    // field a person never sees nor fills in (a robot does).
    const sent = new FormData(formRef.current ?? undefined)
    const stamp = sent.get(FORM_TOKEN_FIELD)
    const honeypot = sent.get(HONEYPOT_FIELD)
    try {
      await send('users.signUp', {
        userName: userName.trim(),
        email: email.trim(),
        password,
        ...(name.trim() ? { name: name.trim() } : {}),
        [FORM_TOKEN_FIELD]: typeof stamp === 'string' ? stamp : formToken,
        [HONEYPOT_FIELD]: typeof honeypot === 'string' ? honeypot : '',
      })
      location.assign('/login?registered=1')
    } catch (e) {
      setError((e as Error).message || ACCOUNT_MESSAGES.registrationFailed)
      setBusy(false)
    }
  }

  if (completing) {
    return (
      <div className="account-card">
        <h1>Create an Account</h1>
        <p className="account-lead">
          {user ? (
            <>
              You are signed in as <strong>{user.email}</strong>.{' '}
            </>
          ) : null}
          Choose a username to create your profile.
        </p>
        <ErrorBox message={error} />
        <AccountForm
          formRef={formRef}
          action={formAction('createProfile')}
          onSubmit={onCreateProfile}
          busy={busy}
          label="Create Profile"
          busyLabel="Creating..."
        >
          <UserNameField value={userName} onChange={setUserName} hintId={hintId} />
        </AccountForm>
      </div>
    )
  }

  return (
    <div className="account-card">
      <h1>Create an Account</h1>
      <p className="account-lead">Join Belong to review and talk about where you live.</p>
      <ErrorBox message={error} />
      <AccountForm
        formRef={formRef}
        action={formAction('register')}
        onSubmit={onRegister}
        busy={busy}
        label="Sign Up"
        busyLabel="Creating account..."
      >
        <UserNameField value={userName} onChange={setUserName} hintId={hintId} />
        <div className="field">
          <label htmlFor="register-name">
            Full name <span className="optional">(optional)</span>
          </label>
          <input
            id="register-name"
            name="name"
            autoComplete="name"
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
        </div>
        <EmailField id="register-email" value={email} onChange={setEmail} />
        <PasswordField
          label="Password"
          value={password}
          onChange={setPassword}
          autoComplete="new-password"
        />
        <input type="hidden" name={FORM_TOKEN_FIELD} defaultValue={formToken} />
        <HoneypotField id="register-website" name={HONEYPOT_FIELD} />
      </AccountForm>
      <Divider />
      <GoogleLink href={oidcStartHref('register')}>Sign up with Google</GoogleLink>
      <p className="account-switch">
        Already have an account? <a href="/login">Sign in</a>
      </p>
    </div>
  )
}
