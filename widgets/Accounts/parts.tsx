import type { FormEvent, ReactNode, Ref } from 'react'

import { SIGN_UP_MESSAGES } from '@/rules/signUp'
import { urlOf } from '@widgets/lib/client'

/** A failure in the red box (SPEC §8 "The server's message in a red box"). */
export function ErrorBox({ message, id }: { message: string | null; id?: string }) {
  return (
    // Always in the page (empty when there is nothing to say), so the change is announced.
    <div id={id} className={message ? 'form-error' : 'form-error is-empty'} role="alert">
      {message}
    </div>
  )
}

/** A success or information notice, read out when it appears. */
export function Notice({ children }: { children: ReactNode }) {
  return (
    <div className="form-notice" role="status">
      {children}
    </div>
  )
}

/** "Continue with Google": a plain link to the OIDC start endpoint. */
export function GoogleLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a className="sign-in-option" href={href}>
      <svg aria-hidden="true" width="18" height="18" viewBox="0 0 48 48" focusable="false">
        <path
          fill="#EA4335"
          d="M24 9.5c3.5 0 6.6 1.2 9.1 3.6l6.8-6.8C35.8 2.4 30.3 0 24 0 14.6 0 6.6 5.4 2.7 13.3l7.9 6.1C12.5 13.6 17.8 9.5 24 9.5z"
        />
        <path
          fill="#4285F4"
          d="M46.5 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.7c-.6 3-2.3 5.5-4.8 7.2l7.7 6c4.5-4.2 6.9-10.3 6.9-17.7z"
        />
        <path
          fill="#FBBC05"
          d="M10.6 28.6c-.5-1.4-.8-3-.8-4.6s.3-3.2.8-4.6l-7.9-6.1C1 16.6 0 20.2 0 24s1 7.4 2.7 10.7l7.9-6.1z"
        />
        <path
          fill="#34A853"
          d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.7-6c-2.2 1.5-4.9 2.3-8.2 2.3-6.2 0-11.5-4.1-13.4-9.8l-7.9 6.1C6.6 42.6 14.6 48 24 48z"
        />
      </svg>
      <span>{children}</span>
    </a>
  )
}

export function Divider() {
  return (
    <p className="divider" aria-hidden="true">
      <span>or</span>
    </p>
  )
}

export function oidcStartHref(
  mode: 'login' | 'register',
  options: { next?: string | null; remember?: boolean } = {},
) {
  return urlOf('accounts.oidcStart', {
    mode,
    next: options.next || undefined,
    remember: options.remember ? '1' : undefined,
  })
}

/** The e-mail entry every account form asks for. */
export function EmailField({
  id,
  value,
  onChange,
  inputRef,
}: {
  id: string
  value: string
  onChange: (value: string) => void
  inputRef?: Ref<HTMLInputElement>
}) {
  return (
    <div className="field">
      <label htmlFor={id}>E-mail</label>
      <input
        ref={inputRef}
        id={id}
        name="email"
        type="email"
        autoComplete="email"
        required
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  )
}

/**
 * A field people never see nor hear (off-screen, hidden from screen readers, out of the tab
 * order, never autofilled): only a robot filling in every field writes in it.
 */
export function HoneypotField({ id, name }: { id: string; name: string }) {
  return (
    <div className="hp-field" aria-hidden="true">
      <label htmlFor={id}>{SIGN_UP_MESSAGES.honeypotLabel}</label>
      <input id={id} name={name} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  )
}

/**
 * The form of an account page: it posts to its own page when JavaScript is off (`action`), and
 * ends in its submit button, which says `busyLabel` while a request is out.
 */
export function AccountForm({
  formRef,
  action,
  onSubmit,
  busy,
  label,
  busyLabel,
  children,
}: {
  formRef: Ref<HTMLFormElement>
  action: string
  onSubmit: (event: FormEvent) => void
  busy: boolean
  label: string
  busyLabel: string
  children: ReactNode
}) {
  return (
    <form
      ref={formRef}
      className="account-form"
      method="post"
      action={action}
      onSubmit={onSubmit}
      noValidate
    >
      {children}
      <button type="submit" className="primary" disabled={busy}>
        {busy ? busyLabel : label}
      </button>
    </form>
  )
}
