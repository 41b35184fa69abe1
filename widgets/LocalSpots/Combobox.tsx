import { useId, useState, type KeyboardEvent } from 'react'

export interface ComboOption {
  value: string
  label: string
}

interface Props {
  label: string
  text: string
  options: ComboOption[]
  onText: (text: string) => void
  onPick: (option: ComboOption) => void
  placeholder?: string
  required?: boolean
  disabled?: boolean
  /** Extra description (a status line) read with the field. */
  describedBy?: string
  inputId?: string
  /** The field's name when the form posts without JavaScript (the text as typed). */
  name?: string
}

/**
 * A searchable select (ARIA 1.2 combobox with a listbox popup): type to filter, ArrowDown and
 * ArrowUp move, Enter picks, Escape closes the list (and only the list, not the dialog around
 * it), a click picks. Used for the category and for the address suggestions.
 */
export default function Combobox({
  label,
  text,
  options,
  onText,
  onPick,
  placeholder,
  required,
  disabled,
  describedBy,
  inputId,
  name,
}: Props) {
  const auto = useId()
  const id = inputId ?? `${auto}-input`
  const listId = `${auto}-list`
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const shown = open && options.length > 0

  const pick = (option: ComboOption) => {
    onPick(option)
    setOpen(false)
    setActive(-1)
  }

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault()
      setOpen(true)
      setActive((i) => (options.length ? (i + 1) % options.length : -1))
    } else if (e.key === 'ArrowUp') {
      e.preventDefault()
      setOpen(true)
      setActive((i) => (options.length ? (i <= 0 ? options.length - 1 : i - 1) : -1))
    } else if (e.key === 'Enter') {
      if (shown && active >= 0 && options[active]) {
        e.preventDefault()
        pick(options[active])
      } else if (shown) e.preventDefault()
    } else if (e.key === 'Escape' && shown) {
      e.preventDefault()
      e.stopPropagation()
      setOpen(false)
      setActive(-1)
    }
  }

  return (
    <div className="combo">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={shown && active >= 0 ? `${listId}-${active}` : undefined}
        aria-describedby={describedBy}
        autoComplete="off"
        value={text}
        placeholder={placeholder}
        required={required}
        disabled={disabled}
        onChange={(e) => {
          onText(e.currentTarget.value)
          setOpen(true)
          setActive(-1)
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <ul id={listId} role="listbox" aria-label={label} className="combo-list" hidden={!shown}>
        {options.map((option, i) => (
          <li
            key={option.value}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            className={i === active ? 'active' : undefined}
            onMouseDown={(e) => {
              e.preventDefault()
              pick(option)
            }}
          >
            {option.label}
          </li>
        ))}
      </ul>
    </div>
  )
}
