// The parts of autocannon's API the benchmarks use (the package ships no types).
declare module 'autocannon' {
  interface Histogram {
    average: number
    mean: number
    p50: number
    p90: number
    p97_5: number
    p99: number
    max: number
  }
  interface Result {
    requests: Histogram & { total: number }
    latency: Histogram
    errors: number
    timeouts: number
    non2xx: number
    '2xx': number
    /** Responses by status code. */
    statusCodeStats: Record<string, { count: number }>
  }
  interface Options {
    url: string
    connections?: number
    duration?: number
    amount?: number
    method?: string
    headers?: Record<string, string>
    body?: string
    pipelining?: number
    /** Requests per second of all connections together (each sends at most its share). */
    overallRate?: number
    /** Record each latency as measured, without the correction for a rate's missed sends. */
    ignoreCoordinatedOmission?: boolean
    /** Seconds before a request counts as timed out (10). */
    timeout?: number
    /** Each connection sends these in turn, then starts again. */
    requests?: Request[]
    /**
     * Called for each connection: `client.setRequests` gives it a sequence of its own, and its
     * 'response' event gives each response's status, bytes and time in ms.
     */
    setupClient?: (client: {
      setRequests: (requests: Request[]) => void
      on: (
        event: 'response',
        listener: (status: number, bytes: number, responseTime: number) => void,
      ) => void
    }) => void
  }
  export interface Request {
    method?: string
    path?: string
    headers?: Record<string, string>
    body?: string
    /**
     * Called before each send of this request; `context` is the connection's own, emptied
     * each time it starts the sequence again.
     */
    setupRequest?: (request: Request, context: Record<string, unknown>) => Request
  }
  function autocannon(options: Options): Promise<Result>
  export default autocannon
}
