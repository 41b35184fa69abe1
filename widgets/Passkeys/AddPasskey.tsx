import { useId, useState, type FormEvent } from 'react'

import { PASSKEY_MESSAGES, PASSKEY_NAME_MAX, PASSKEY_TEXT, PASSKEYS_PATH } from '@/rules/passkeys'
import { useHydrated } from '@widgets/lib/useHydrated'
import { addPasskey, passkeysSupported } from './ceremony'
import './Passkeys.css'

interface Props {
  /** Where the page goes on to (the admin's first visit), kept in the address. */
  next?: string | null
  /** A name to offer (the browser and system the page was asked from). */
  suggestedName: string
}

/**
 * 'Add a passkey' in Settings → Passkeys. WebAuthn has no form post: the server's markup says
 * passkeys need JavaScript, and the button works once this island is live. After adding, the
 * page is read again (its list is server-rendered) with the success said once.
 */
export default function AddPasskey({ next = null, suggestedName }: Props) {
  const live = useHydrated()
  const [name, setName] = useState(suggestedName)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const errorId = useId()
  const supported = live && passkeysSupported()

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setError(null)
    try {
      const added = await addPasskey(name)
      const query = new URLSearchParams({ added: String(added.id) })
      if (next) query.set('next', next)
      location.assign(`${PASSKEYS_PATH}?${query.toString()}`)
    } catch (e) {
      setError((e as Error).message)
      setBusy(false)
    }
  }

  return (
    <form className="pk-add" onSubmit={onSubmit} aria-describedby={error ? errorId : undefined}>
      {!live && <p className="pk-script">{PASSKEY_TEXT.needsScript}</p>}
      {live && !supported && <p className="pk-script">{PASSKEY_MESSAGES.unsupported}</p>}
      {error && (
        <p className="form-error" id={errorId} role="alert">
          {error}
        </p>
      )}
      <p className="pk-field">
        <label htmlFor="pk-new-name">{PASSKEY_TEXT.nameLabel}</label>
        <input
          id="pk-new-name"
          name="name"
          value={name}
          maxLength={PASSKEY_NAME_MAX}
          onChange={(e) => setName(e.target.value)}
          disabled={!supported}
        />
      </p>
      <button type="submit" disabled={!supported || busy}>
        {busy ? PASSKEY_TEXT.adding : PASSKEY_TEXT.add}
      </button>
    </form>
  )
}
