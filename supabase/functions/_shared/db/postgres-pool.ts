// The driver's pool: `size` postgres.js instances of one connection each, lent
// to one request at a time (docs/decisions/040-one-connection-per-instance.md).
//
// postgres.js 3.4.9's own pool strands connections after refused ones. A
// reservation waits in the pool's queue while a connection is opened for it;
// when the server turns that connection away the reservation is rejected but
// stays queued, and the next connection that comes free is handed to it, where
// nothing ever uses or releases it. With a role limited to one connection, that
// one connection held the slot and every later request got 53300. An instance
// of one connection that only one request uses at a time cannot strand another
// request's connection: its one connection takes the refused reservation off
// the queue itself when it reconnects, and is then open or closed, never held.
import postgres from 'postgres'
import { PoolTimeout } from './db-availability.ts'

export interface Instance {
  readonly sql: postgres.Sql
  /** Its connection was open when last given back: preferred, so no new one is opened. */
  warm: boolean
}

/** How an instance comes back: its connection open and idle, closed, or lost during a statement. */
export type Returned = 'open' | 'closed' | 'lost'

export class InstancePool {
  private readonly all: Set<Instance>
  private readonly idle: Instance[]
  private readonly waiting: Array<(instance: Instance) => void> = []

  constructor(
    private readonly create: () => postgres.Sql,
    size: number,
  ) {
    this.idle = Array.from({ length: size }, () => ({ sql: create(), warm: false }))
    this.all = new Set(this.idle)
  }

  /** An instance for this caller alone, or PoolTimeout after `ms`. */
  take(ms: number): Promise<Instance> {
    const warm = this.idle.findLastIndex((instance) => instance.warm)
    const found = this.idle.splice(warm === -1 ? this.idle.length - 1 : warm, 1)[0]
    if (found) return Promise.resolve(found)
    return new Promise((resolve, reject) => {
      const waiter = (instance: Instance) => {
        clearTimeout(timer)
        resolve(instance)
      }
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(waiter), 1)
        reject(new PoolTimeout(`No database connection within ${ms} ms`))
      }, ms)
      this.waiting.push(waiter)
    })
  }

  /**
   * Gives an instance back. One whose connection was lost during a statement
   * is replaced: postgres.js keeps that statement and its error past the
   * close, and fails the next connection's first reservation with it (a
   * 57P01 from a terminated backend then looked like a refused connection).
   * Its connection is closed and nothing is queued on it, so it holds nothing.
   */
  give(instance: Instance, returned: Returned): void {
    if (returned === 'lost') {
      this.all.delete(instance)
      instance = { sql: this.create(), warm: false }
      this.all.add(instance)
    }
    instance.warm = returned === 'open'
    const next = this.waiting.shift()
    if (next) next(instance)
    else this.idle.push(instance)
  }

  async end(): Promise<void> {
    await Promise.all([...this.all].map((instance) => instance.sql.end({ timeout: 5 })))
  }
}
