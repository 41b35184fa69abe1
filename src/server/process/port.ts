import net from 'node:net'

export class PortInUseError extends Error {}

/** Fails at once, with what to do, when another process already listens on the port. */
export function assertPortFree(port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new PortInUseError(
              `Port ${port} is already in use. Stop what uses it, or run with PORT=<another port>.`,
            )
          : error,
      ),
    )
    probe.listen(port, host, () => probe.close(() => resolve()))
  })
}
