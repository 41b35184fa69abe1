import { useStore } from '@nanostores/react'
import { useEffect } from 'react'

import { COMPARE_MIN, COMPARE_TEXT, compareHref } from '@/rules/compare'
import { useHydrated } from '@widgets/lib/useHydrated'
import {
  $compare,
  $compareNote,
  clearCompare,
  isPicked,
  removeFromCompare,
  toggleCompare,
  type ComparePick,
} from './store'
import './Compare.css'

const STATIC_TOGGLES = 'form[data-compare-static]'

/**
 * Static toggles (Astro cards, a neighbourhood's page) are plain GET forms: one listener on the
 * document takes their submits over, so a list of cards costs no island each. Forms of an island
 * (CompareToggle) handle their own submit first and are skipped here.
 */
function onSubmit(e: SubmitEvent) {
  const form = e.target instanceof HTMLFormElement ? e.target : null
  const slug = form?.dataset.compareSlug
  if (!form || !slug || e.defaultPrevented) return
  e.preventDefault()
  toggleCompare({ slug, name: form.dataset.compareName ?? slug })
}

/** The static toggles show whether their neighbourhood is in the tray. */
function markStatic(picks: ComparePick[]) {
  for (const form of document.querySelectorAll<HTMLFormElement>(STATIC_TOGGLES)) {
    const picked = isPicked(picks, form.dataset.compareSlug ?? '')
    form.querySelector('button')?.setAttribute('aria-pressed', String(picked))
  }
}

/** The tray: what is picked, 'Compare (2)' to open the comparison, one island per page. */
export default function CompareTray() {
  const picks = useStore($compare)
  const note = useStore($compareNote)
  const hydrated = useHydrated()

  useEffect(() => {
    document.addEventListener('submit', onSubmit)
    return () => document.removeEventListener('submit', onSubmit)
  }, [])
  useEffect(() => markStatic(picks), [picks])

  if (!hydrated || picks.length === 0) return null
  const ready = picks.length >= COMPARE_MIN
  return (
    <section className="compare-tray" aria-label={COMPARE_TEXT.tray}>
      <ul className="compare-tray-picks">
        {picks.map((p) => (
          <li key={p.slug}>
            <span>{p.name}</span>
            <button
              type="button"
              className="compare-tray-remove"
              aria-label={COMPARE_TEXT.remove(p.name)}
              onClick={() => removeFromCompare(p.slug)}
            >
              <span aria-hidden="true">×</span>
            </button>
          </li>
        ))}
      </ul>
      <p className="compare-tray-note" aria-live="polite">
        {note || (ready ? '' : COMPARE_TEXT.pickOneMore)}
      </p>
      {ready ? (
        <a className="button" href={compareHref(picks.map((p) => p.slug))}>
          {COMPARE_TEXT.trayLink(picks.length)}
        </a>
      ) : (
        <span className="compare-tray-wait">{COMPARE_TEXT.trayLink(picks.length)}</span>
      )}
      <button type="button" className="compare-tray-clear" onClick={clearCompare}>
        {COMPARE_TEXT.clear}
      </button>
    </section>
  )
}
