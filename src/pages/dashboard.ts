// GET /: the control dashboard (placeholder until the dashboard lands).
import { Hono } from 'hono';
import type { Mock } from '../http/mock.js';
import type { PagesOptions } from './page-options.js';

export function dashboardRoutes(_mock: Mock, _options: PagesOptions): Hono {
  return new Hono();
}
