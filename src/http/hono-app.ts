// The Hono class the mock's apps are made of: in Node, Hono's own (its SmartRouter takes every route the mock
// declares, the controls' among them). A page takes hono-app.browser.ts instead (the package's `browser` field),
// lighter by the routers a page's app does not need.
export { Hono } from 'hono';
