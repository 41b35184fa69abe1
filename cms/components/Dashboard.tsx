import type { ServerProps } from 'payload'
import React from 'react'

import { recentMoment } from '@/views/home'
import { isStaffUser } from '@collections/access'
import { dashboardFigures, sinceLastVisit } from '@collections/Reports/dashboard'
import { openCaseCount } from '@/data/moderationQueue'
import { alertsToVerify } from '@collections/SafetyAlerts/queue'

const since = () => new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString()

/** Above the collections: open reports, what members posted today, this week's people and places. */
export async function Dashboard({ payload, user }: ServerProps) {
  if (!isStaffUser(user as never)) return null
  const [figures, open, visit, toVerify] = await Promise.all([
    dashboardFigures(payload),
    openCaseCount(payload),
    sinceLastVisit(payload, Number((user as { id: number }).id)),
    alertsToVerify(payload),
  ])
  const after = (iso: string) => `where[createdAt][greater_than]=${encodeURIComponent(iso)}`
  const card: React.CSSProperties = {
    padding: '1rem',
    border: '1px solid var(--theme-elevation-150)',
    borderRadius: 6,
  }
  return (
    <section aria-label="Today on Belong" style={{ marginBottom: '2rem' }}>
      <h2 style={{ marginBottom: '1rem' }}>Today on Belong</h2>
      <div
        style={{
          display: 'grid',
          gap: '1rem',
          gridTemplateColumns: 'repeat(auto-fit, minmax(15rem, 1fr))',
        }}
      >
        <div style={card}>
          <h3>Since your last visit</h3>
          {visit.from ? (
            <>
              <p style={{ margin: '0 0 .5rem' }}>
                Which ended {recentMoment(new Date(visit.from))}:
              </p>
              <ul style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {visit.posted
                  .filter((k) => k.count > 0)
                  .map((k) => (
                    <li key={k.collection}>
                      <a href={`/admin/collections/${k.collection}?${after(visit.from!)}`}>
                        {k.label}: {k.count} new
                      </a>
                    </li>
                  ))}
                <li>
                  <a href={`/admin/collections/users?${after(visit.from)}`}>
                    Members: {visit.members} new
                  </a>
                </li>
                <li>
                  <a href={`/admin/collections/moderation-actions?${after(visit.from)}`}>
                    Moderation decisions: {visit.decisions}
                  </a>
                </li>
              </ul>
            </>
          ) : (
            <p>Welcome. From your next visit, this shows what arrived while you were away.</p>
          )}
        </div>
        <div style={card}>
          <h3>Open reports</h3>
          <p style={{ fontSize: 32, fontWeight: 700, margin: '.25rem 0' }}>{open}</p>
          <a href="/admin/moderation">Open the moderation queue</a>
        </div>
        <div style={card}>
          <h3>Alerts to verify</h3>
          <p style={{ fontSize: 32, fontWeight: 700, margin: '.25rem 0' }}>{toVerify.total}</p>
          {toVerify.alerts.length ? (
            <ul style={{ padding: 0, margin: '0 0 .5rem', listStyle: 'none' }}>
              {toVerify.alerts.map((alert) => (
                <li key={alert.id}>
                  <a href={`/admin/collections/safety-alerts/${alert.id}`}>{alert.title}</a>
                  {typeof alert.neighbourhood === 'object' && alert.neighbourhood
                    ? ` (${alert.neighbourhood.name})`
                    : ''}
                </li>
              ))}
            </ul>
          ) : (
            <p>No alert is waiting.</p>
          )}
          <a href="/admin/collections/safety-alerts?where[verifiedAt][exists]=false&sort=createdAt">
            All unverified alerts
          </a>
        </div>
        <div style={card}>
          <h3>Posted in the last 24 hours</h3>
          <ul style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {figures.lastDay.map((k) => (
              <li key={k.collection}>
                <a
                  href={`/admin/collections/${k.collection}?where[createdAt][greater_than]=${encodeURIComponent(since())}`}
                >
                  {k.label}: {k.count}
                </a>
              </li>
            ))}
          </ul>
        </div>
        <div style={card}>
          <h3>This week</h3>
          <p>
            <a href="/admin/collections/users?sort=-createdAt">New members: {figures.newMembers}</a>
          </p>
          <h4>Most active neighbourhoods</h4>
          {figures.activeNeighbourhoods.length ? (
            <ol>
              {figures.activeNeighbourhoods.map((n) => (
                <li key={n.slug}>
                  <a href={`/neighbourhood/${n.slug}`}>{n.name}</a> ({n.posts} posts)
                </li>
              ))}
            </ol>
          ) : (
            <p>Nothing posted this week yet.</p>
          )}
        </div>
      </div>
    </section>
  )
}
