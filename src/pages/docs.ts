// GET /docs: the interactive API reference (placeholder until the reference lands).
import { Hono } from 'hono';
import type { Mock } from '../http/mock.js';
import type { PagesOptions } from './page-options.js';

export function docsRoutes(_mock: Mock, _options: PagesOptions): Hono {
  return new Hono();
}
