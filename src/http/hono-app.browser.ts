// The Hono class a page's mock is made of (the package's `browser` field puts this module in place of
// hono-app.ts): Hono's base with its RegExpRouter alone, which takes every route of the page's app (the API's; the
// controls' are an app of their own, made in their on-demand chunk: control-routes.browser.ts). Hono's default
// class pairs it with a TrieRouter behind a SmartRouter, for routes a RegExpRouter cannot take (the controls'
// `/__mock/webhooks/:id` beside its deliveries); those two routers were some 1 kB gzipped of what a page loads
// before its first answer (test/page-weight.test.ts). Its routes are exercised in Chromium (test/browser).
import type { BlankSchema, Env, Schema } from 'hono/types';
import { HonoBase, type HonoOptions } from 'hono/hono-base';
import { RegExpRouter } from 'hono/router/reg-exp-router';

/**
 * `new Hono()` with the RegExpRouter alone.
 * @example const app = new Hono<MockEnv>(); app.get('/api/v2/me', handler)
 */
export class Hono<E extends Env = Env, S extends Schema = BlankSchema, BasePath extends string = '/'> extends HonoBase<
  E,
  S,
  BasePath
> {
  constructor(options: HonoOptions<E> = {}) {
    super(options);
    this.router = options.router ?? new RegExpRouter();
  }
}
