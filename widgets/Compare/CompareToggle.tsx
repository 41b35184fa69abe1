import { useStore } from '@nanostores/react'
import type { FormEvent } from 'react'

import { COMPARE_PATH, COMPARE_TEXT } from '@/rules/compare'
import { useHydrated } from '@widgets/lib/useHydrated'
import { $compare, isPicked, toggleCompare } from './store'

interface Props {
  slug: string
  name: string
}

/**
 * 'Compare' on a card rendered by an island: the same GET form as
 * src/components/CompareToggle.astro (before or without JavaScript it opens /compare?n={slug},
 * which asks for one more), then a pressed button adding to the tray.
 */
export function CompareToggle({ slug, name }: Props) {
  const picks = useStore($compare)
  // The server cannot know the tray: pressed only once hydrated, so the markup matches.
  const pressed = useHydrated() && isPicked(picks, slug)
  const submit = (e: FormEvent) => {
    e.preventDefault()
    toggleCompare({ slug, name })
  }
  return (
    <form
      className="compare-toggle"
      action={COMPARE_PATH}
      method="get"
      data-compare-slug={slug}
      data-compare-name={name}
      onSubmit={submit}
    >
      <input type="hidden" name="n" value={slug} />
      <button type="submit" aria-pressed={pressed} aria-label={COMPARE_TEXT.toggleLabel(name)}>
        {COMPARE_TEXT.toggle}
      </button>
    </form>
  )
}
