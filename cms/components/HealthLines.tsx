import React from 'react'

import type { HealthReport, HealthState } from '@/server/observability/siteHealthReport'

/** The words and colours of a line's state: the words carry it, the colour only repeats it. */
const STATES: Record<HealthState, { label: string; mark: string; tone: string }> = {
  ok: { label: 'OK', mark: '✓', tone: 'success' },
  attention: { label: 'Needs attention', mark: '!', tone: 'error' },
  unknown: { label: 'Cannot tell', mark: '?', tone: 'warning' },
}

const time = (iso: string) =>
  new Date(iso).toLocaleTimeString('en-GB', { timeZone: 'Europe/London' })

/** The site health report: a sentence for the whole, then one line per promise. */
export function HealthLines({ report }: { report: HealthReport }) {
  const troubled = report.lines.filter((line) => line.state !== 'ok').length
  return (
    <>
      <p style={{ fontSize: '1.1rem', margin: '0 0 .25rem' }}>
        {troubled
          ? `${troubled} of ${report.lines.length} ${troubled === 1 ? 'needs' : 'need'} attention.`
          : 'Everything is working as it should.'}
      </p>
      <p style={{ margin: '0 0 1.5rem', color: 'var(--theme-elevation-650)' }}>
        Figures read at {time(report.at)} (London). <a href="/admin/site-health">Read them again</a>
        . Rates are this instance&apos;s; queues are the whole site&apos;s.
      </p>
      <ul style={{ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: '.75rem' }}>
        {report.lines.map((line) => {
          const state = STATES[line.state]
          return (
            <li
              key={line.title}
              style={{
                display: 'grid',
                gridTemplateColumns: 'minmax(0, 1fr)',
                gap: '.35rem',
                padding: '1rem',
                borderRadius: 6,
                border: '1px solid var(--theme-elevation-150)',
                borderLeft: `6px solid var(--theme-${state.tone}-500)`,
              }}
            >
              <div
                style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: '.75rem' }}
              >
                <h2 style={{ fontSize: '1.15rem', margin: 0 }}>{line.title}</h2>
                <span
                  style={{
                    padding: '.1rem .5rem',
                    borderRadius: 4,
                    fontWeight: 600,
                    background: `var(--theme-${state.tone}-100)`,
                    color: `var(--theme-${state.tone}-750)`,
                  }}
                >
                  <span aria-hidden="true">{state.mark} </span>
                  {state.label}
                </span>
              </div>
              <p style={{ margin: 0 }}>{line.summary}</p>
              <p style={{ margin: 0, color: 'var(--theme-elevation-650)' }}>
                {line.hint}
                {line.link && (
                  <>
                    {' '}
                    <a href={line.link.href}>{line.link.label}</a>
                  </>
                )}
              </p>
            </li>
          )
        })}
      </ul>
    </>
  )
}
