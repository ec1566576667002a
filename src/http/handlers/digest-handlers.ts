// DG and AI operations → domain calls, rendered.
import { listActionItems } from '../../domain/action-items.js';
import { ok, type OperationHandlers } from '../operation-handler.js';
import { withDigest } from './digest-module.js';

export const digestHandlers = {
  // DG1: its code loaded with a page's first digest (digest-module.browser.ts); at hand in Node.
  listDigest: ({ world, actor, query, page, render, digests }) =>
    withDigest((listDigest) =>
      ok(listDigest(world, actor, query, page, digests).map((entry) => render.digestEntry(world, entry, actor))),
    ),
  listActionItems: ({ world, actor, page, render }) =>
    ok(listActionItems(world, actor, page).map((item) => render.actionItem(world, item))),
} satisfies Partial<OperationHandlers>;
