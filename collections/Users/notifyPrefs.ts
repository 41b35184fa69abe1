import type { Field, FieldAccess } from 'payload'

import {
  DEFAULT_DELIVERY,
  DELIVERIES,
  DELIVERY_LABELS,
  EMAIL_TIMINGS,
  KIND_LABELS,
  NOTIFICATION_KINDS,
} from '@/rules/notificationPrefs'

/**
 * The member's notification settings (Profile → Settings): per kind off, bell, or bell and
 * e-mail; mail at once or gathered daily; the weekly digest. Private to the account and admins.
 */
export function notifyPrefsFields(ownerOrAdmin: FieldAccess): Field[] {
  return [
    {
      name: 'notify',
      type: 'group',
      label: 'Notifications',
      access: { read: ownerOrAdmin },
      fields: [
        ...NOTIFICATION_KINDS.map((kind): Field => ({
          name: kind,
          type: 'select',
          label: KIND_LABELS[kind],
          defaultValue: DEFAULT_DELIVERY[kind],
          options: DELIVERIES.map((value) => ({ value, label: DELIVERY_LABELS[value] })),
        })),
        {
          name: 'emailTiming',
          type: 'select',
          defaultValue: 'instant',
          options: EMAIL_TIMINGS.map((value) => ({
            value,
            label: value === 'instant' ? 'At once' : 'A daily digest',
          })),
        },
        { name: 'weeklyDigest', type: 'checkbox', defaultValue: true, label: KIND_LABELS.digest },
      ],
    },
    {
      // When the last weekly digest went out: one a week, even with several instances.
      name: 'digestSentAt',
      type: 'date',
      access: { create: () => false, update: () => false, read: ownerOrAdmin },
      admin: { hidden: true },
    },
  ]
}
