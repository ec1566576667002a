// What a child Node script loads, as it loads it: the lines such a script starts with (start-up-loads.test.ts,
// library-bundle.test.ts).

/**
 * The lines a child script starts with to learn which modules it loads: a load hook posting, for each module whose
 * URL `test` holds (a JavaScript expression of `url`), `name` (another) to the main thread, and `drain()`, which gives
 * those posted so far. Posted before the module reaches the main thread, so a synchronous drain there sees every
 * load so far, however busy the machine (stderr from the hooks' thread would come in no fixed order with the main
 * thread's).
 * @example `${watchLoads("url.endsWith('/event-stream.js')", 'url')} await import('…'); const loaded = drain();`
 */
export function watchLoads(test: string, name: string): string {
  const hook = `let port;
export function initialize(data) { port = data.port; }
export async function load(url, context, next) {
  if (${test}) port.postMessage(${name});
  return next(url, context);
}`;
  return `
  const { register } = await import('node:module');
  const { MessageChannel, receiveMessageOnPort } = await import('node:worker_threads');
  const { port1, port2 } = new MessageChannel();
  register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hook)}`)}, { data: { port: port2 }, transferList: [port2] });
  const drain = () => { const loaded = []; for (let m; (m = receiveMessageOnPort(port1)); ) loaded.push(m.message); return loaded; };`;
}
