import { command } from '@collections/shared/command'
import { editOwnPost } from '@collections/shared/editOwnPost'
import { spotData } from './spotData'

/**
 * localSpots.edit: the owner within 7 days (staff any time) changes a spot; the collection's
 * access and its edit-window hook say who may.
 */
export const editSpot = editOwnPost('localSpots.edit', 'local-businesses', {
  data: spotData,
  answer: (doc) => ({ doc: { ...doc } }),
})

export const editSpotEndpoint = command('localSpots.edit', editSpot)
