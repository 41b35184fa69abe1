/** One page of a Payload list answer (REST `GET /api/{collection}` and the Local API's find). */
export interface Page<T> {
  docs: T[]
  totalDocs: number
  hasNextPage: boolean
  page?: number
  totalPages?: number
}
