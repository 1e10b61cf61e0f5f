// Deno code (run by runtime.ts, type-checked by `deno check`, not by the project's tsc): the local
// stand-in for the edge runtime's main service, what `supabase functions serve` runs. One Deno
// process loads each function of supabase/functions named on its command line, as the module
// Supabase deploys (its index.ts), and answers /functions/v1/<name>/… with the handler that module
// passed to Deno.serve. Each function gets the process's environment, which runtime.ts made of the
// project's URL and keys and the functions' secrets alone. Unlike hosted, the functions share one
// isolate (module state is per module, so they do not meet) and there are no per-call limits.
//
//   deno run … serve.ts <port> <name>…   prints `listening on <port>` once it answers, and exits
//   when its standard input ends.
//
// Its standard input is a pipe from the backend that started it, which it never writes: the pipe
// ends when the backend ends, however it ends (a crash, SIGKILL: the kernel closes a dead
// process's pipes), so this process never outlives its backend, holding its port and memory.

type Handler = (req: Request, info: Deno.ServeHandlerInfo<Deno.NetAddr>) => Response | Promise<Response>;

const [portArg, ...names] = Deno.args;

// Reads standard input to its end (nothing comes), then exits: the backend is gone.
void (async () => {
  try {
    for await (const _ of Deno.stdin.readable) {
      // The backend writes nothing; whatever comes is ignored.
    }
  } finally {
    Deno.exit(0);
  }
})();
const handlers = new Map<string, Handler>();
const broken = new Map<string, string>();

// A function module calls Deno.serve as it loads; each call is recorded as the handler of the
// function being loaded, and this process serves them all on one port.
const serve = Deno.serve;
let loading: string | undefined;
function recordServe(...args: unknown[]): Deno.HttpServer {
  const [first, second] = args;
  const handler = (typeof first === 'function' ? first : typeof second === 'function' ? second : (first as { handler?: Handler }).handler) as Handler | undefined;
  if (!loading || !handler) throw new Error('Deno.serve was called outside a function module, or without a handler');
  handlers.set(loading, handler);
  return { finished: Promise.resolve(), addr: { transport: 'tcp', hostname: '127.0.0.1', port: 0 }, shutdown: async () => {}, ref() {}, unref() {} } as unknown as Deno.HttpServer;
}
Object.defineProperty(Deno, 'serve', { value: recordServe, configurable: true, writable: true });

for (const name of names) {
  loading = name;
  try {
    await import(new URL(`../../functions/${name}/index.ts`, import.meta.url).href);
    if (!handlers.has(name)) broken.set(name, 'its index.ts did not call Deno.serve');
  } catch (error) {
    broken.set(name, error instanceof Error ? error.message : String(error));
  }
  if (broken.has(name)) console.error(`[functions] ${name} did not load: ${broken.get(name)}`);
}
loading = undefined;

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

serve(
  {
    hostname: '127.0.0.1',
    port: Number(portArg),
    onListen: ({ port }) => console.log(`listening on ${port}`),
  },
  async (req, info) => {
    const name = /^\/functions\/v1\/([^/?]+)/.exec(new URL(req.url).pathname)?.[1] ?? '';
    const handler = handlers.get(name);
    if (!handler) return json(broken.has(name) ? 503 : 404, { message: broken.has(name) ? `Function ${name} failed to load` : 'Function not found' });
    try {
      return await handler(req, info);
    } catch (error) {
      // As the edge runtime answers a function that throws.
      console.error(`[functions] ${name} threw: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      return json(500, { message: 'Internal Server Error' });
    }
  },
);
