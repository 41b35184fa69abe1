import { command } from '@collections/shared/command'
import { editOwnPost } from '@collections/shared/editOwnPost'
import { neighbourhoodData } from './neighbourhoodData'

/** neighbourhoods.edit: who submitted it (or staff) changes what a neighbourhood says. */
export const editNeighbourhood = editOwnPost('neighbourhoods.edit', 'neighbourhoods', {
  data: neighbourhoodData,
  answer: (doc) => ({ doc: { ...doc } }),
})

export const editNeighbourhoodEndpoint = command('neighbourhoods.edit', editNeighbourhood)
