// Serves the entry given as its argument at DENO_SERVE_ADDRESS, for a Deno
// that does not read that variable: 2.1, the edge runtime's, serves on port
// 8000 whatever it says (on Supabase the runtime gives Deno.serve its own
// address). Run by Deno only; the declaration names the little of its API used here.
declare const Deno: {
  args: string[]
  env: { get(name: string): string | undefined }
  serve: (...args: unknown[]) => unknown
}

const address = /^tcp:(.+):(\d+)$/.exec(Deno.env.get('DENO_SERVE_ADDRESS') ?? '')
const entry = Deno.args[0]
if (!address || !entry)
  throw new Error('usage: DENO_SERVE_ADDRESS=tcp:<host>:<port> serve-address.ts <entry>')
const serve = Deno.serve
// The entry calls Deno.serve(handler), as functions/api/index.ts does.
Deno.serve = (...args: unknown[]) =>
  serve({ hostname: address[1], port: Number(address[2]) }, ...args.slice(-1))
await import(new URL(entry, 'file://').href)

export {}
