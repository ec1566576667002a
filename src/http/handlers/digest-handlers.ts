// DG and AI operations → domain calls, rendered.
import { listActionItems } from '../../domain/action-items.js';
import { listDigest } from '../../domain/digest.js';
import { ok, type OperationHandlers } from '../operation-handler.js';

export const digestHandlers = {
  listDigest: ({ world, actor, query, page, render, digests }) =>
    ok(listDigest(world, actor, query, page, digests).map((entry) => render.digestEntry(world, entry, actor))),
  listActionItems: ({ world, actor, page, render }) =>
    ok(listActionItems(world, actor, page).map((item) => render.actionItem(world, item))),
} satisfies Partial<OperationHandlers>;
