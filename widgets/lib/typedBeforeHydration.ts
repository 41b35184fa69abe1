import { useEffect, type RefObject } from 'react'

/**
 * What a person typed before the island hydrated is in the page's fields, not in React's state
 * (hydration keeps the DOM as it is): on hydration, take each named field's value into state so
 * nothing typed is lost when the island then sends the form. Checkboxes report 'on' when ticked.
 */
export function useTypedBeforeHydration(
  form: RefObject<HTMLFormElement | null>,
  fields: Record<string, (value: string) => void>,
) {
  useEffect(() => {
    const element = form.current
    if (!element) return
    for (const [name, set] of Object.entries(fields)) {
      const field = element.elements.namedItem(name)
      if (field instanceof HTMLInputElement && field.type === 'checkbox') {
        if (field.checked) set('on')
      } else if (
        (field instanceof HTMLInputElement ||
          field instanceof HTMLTextAreaElement ||
          field instanceof HTMLSelectElement ||
          field instanceof RadioNodeList) &&
        field.value
      ) {
        set(field.value)
      }
    }
    // Once, on hydration: later changes reach state through onChange.
  }, [])
}
