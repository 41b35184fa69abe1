import { useId, useState } from 'react'

interface Props {
  label: string
  value: string
  onChange: (value: string) => void
  autoComplete: 'current-password' | 'new-password'
  name?: string
  /** Ids of text that describes the field (hints, errors). */
  describedBy?: string
  invalid?: boolean
}

/** A password input with a Show/Hide button (its name says what a press will do). */
export function PasswordField({
  label,
  value,
  onChange,
  autoComplete,
  name,
  describedBy,
  invalid,
}: Props) {
  const id = useId()
  const [shown, setShown] = useState(false)
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="password-input">
        <input
          id={id}
          name={name ?? 'password'}
          type={shown ? 'text' : 'password'}
          autoComplete={autoComplete}
          required
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
        />
        <button
          type="button"
          className="reveal"
          aria-controls={id}
          onClick={() => setShown((s) => !s)}
        >
          {shown ? 'Hide' : 'Show'}
          <span className="sr-only"> {label.toLowerCase()}</span>
        </button>
      </div>
    </div>
  )
}
