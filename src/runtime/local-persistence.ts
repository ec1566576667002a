// `createMock({ persist: 'local' })`: the shared world kept in the browser's localStorage across page reloads,
// a demo page being reloaded often. What is kept is the state the controls export (GET /__mock/state: the
// world's changes over its generated base, its clock included), restored when the mock is made and saved at
// the end of any request that changed it (told by the runtime's events), before its answer goes back: the
// answer is the page's acknowledgement, so a reload or a closed tab right after it keeps the write (a save
// 250 ms later lost writes followed by a quick reload). Two tabs of one site share the storage: before each
// request a tab takes up what another saved since (a short generation key says whether there is anything),
// so its write lands on the other's and neither is lost. Sessions (MK5) are not kept. A page checks a kept world
// against the world's schemas, which it loads only then (spec-world.js), with a state's rebuild: a reload with a
// kept world waits for them before its first answer, a first visit (nothing kept) never does. A page loads this
// file itself with the mock's first request (persistence-module.browser.ts), and the state's export with the first
// write, which waits for it before it starts, so that its save is made before its answer as in Node; a change no
// write made (a read's catch-up of the clock, on a first visit: nothing kept yet) is saved once the export is in,
// unless another tab saved meanwhile. The code it needs is handed in by the module that loads this one
// (persistence-module.ts, its browser twin), which has the spec's modules and the answers' writer at hand: imported
// here, they and what they import would be chunks a page pays before its first answer (test/page-weight.test.ts).
import type { exportState } from '../domain/world-state.js';
import type { StateStorage } from './local-storage.js';
import type { MockRuntime } from './mock-runtime.js';

/** The code a kept world needs, each part with whether it is at hand (always, in Node) and its load (a page's). */
export interface PersistenceCode {
  /** Taking up a kept world's state: the world's checks and a state's rebuild (and the export, in a page). */
  restoreAtHand: () => boolean;
  loadRestore: () => Promise<unknown>;
  /** The state's export, once at hand (else null), that a save writes. */
  exportAtHand: () => typeof exportState | null;
  loadExport: () => Promise<unknown>;
  /** EC4's writer of Echo answers (answer-writer.ts), which the export of a published answer reads. */
  answerWriterAtHand: () => boolean;
  loadAnswerWriter: () => Promise<unknown>;
}

/** The key a mock's world is kept under: one per seed and size, so two demos of other worlds never mix. */
export function storageKey(mock: Pick<MockRuntime, 'seed' | 'size'>): string {
  return `standin:world:${mock.seed}:${mock.size}`;
}

/**
 * Restores the mock's shared world from `storage` when a valid state is kept there (an invalid or foreign one
 * is dropped, never a crash): now when what a restore needs is at hand (Node, once the world's schemas are loaded),
 * else before the first request, once it has loaded (a page). Then keeps it there: before each request it takes up
 * what another tab saved, and at the end of each request that changed the shared world (a record, its clock, the
 * world replaced) it saves, for as long as the mock lives.
 * @example keepLocally(runtime, localStorage, code) // code: persistence-module.ts' own
 */
export function keepLocally(mock: MockRuntime, storage: StateStorage, code: PersistenceCode): void {
  const { restoreAtHand, loadRestore, exportAtHand, loadExport, answerWriterAtHand, loadAnswerWriter } = code;
  const key = storageKey(mock);
  const generationKey = `${key}:generation`;
  // Which tab saved last, and its count: a tab that finds another's takes up the world it saved.
  // Stryker disable next-line MethodExpression: any text unlikely to be another tab's does; its form is not read.
  const tab = Math.random().toString(36).slice(2);
  let saves = 0;
  /** The generation last taken up; undefined until the kept world has been (a page, its checks loading). */
  let known: string | null | undefined;
  let changed = false;
  const adopt = () => {
    known = storage.getItem(generationKey);
    const kept = storage.getItem(key);
    // Stryker disable next-line ConditionalExpression: nothing kept would be refused by restore, and dropping it changes nothing.
    if (kept === null) return;
    try {
      mock.restore(JSON.parse(kept));
    } catch {
      // Written by another version, or edited by hand: the generated world instead, saved over it below.
      storage.removeItem(key);
    }
  };
  // Nothing kept, or what a restore needs at hand: now. Else the first request takes it up (beforeRequest).
  if (storage.getItem(key) === null || restoreAtHand()) adopt();
  // One console.error per streak of failed saves: the first says what is lost and what to do; a save that
  // works again ends the streak.
  let failing = false;
  const save = () => {
    const exportState = exportAtHand();
    // A change no write made (a write waits for the export before it starts: beforeRequest): saved once it is in.
    if (!exportState) {
      loadExport().then(saveUnlessOvertaken, unsaved);
      return;
    }
    try {
      storage.setItem(key, JSON.stringify(exportState(mock.world)));
      // Stryker disable next-line UpdateOperator: counting down tells saves apart as well as counting up.
      known = `${tab}:${++saves}`;
      storage.setItem(generationKey, known);
      failing = false;
    } catch (error) {
      // EC4: an answer of the clock's publishing that its request did not foresee (front.ts looks an hour ahead),
      // whose body a page writes once the answers' writer is in: saved then, nothing written before.
      if (!answerWriterAtHand()) {
        loadAnswerWriter().then(saveUnlessOvertaken, () => unsaved(error));
        return;
      }
      unsaved(error);
    }
  };
  // A save put off: unless another tab saved since (whose world this tab takes up before its next request), as it
  // would overwrite that tab's writes with a change no write made.
  const saveUnlessOvertaken = () => {
    if (storage.getItem(generationKey) === known) save();
  };
  // Over the storage's quota (QuotaExceededError), or storage switched off: the page's requests go on answering,
  // unsaved, and the console says so.
  const unsaved = (error: unknown) => {
    if (!failing) console.error(unsavedMessage(key, error));
    failing = true;
  };
  // Sessions (MK5) are not kept: only the shared world's changes count.
  const note = ({ session }: { session: string | null }) => {
    if (session === null) changed = true;
  };
  mock.events.on('record:changed', note);
  mock.events.on('clock:moved', note);
  mock.events.on('world:replaced', note);
  const takeUp = () => {
    adopt();
    // What was taken up is the other tab's save (or the one kept), not a change of this one.
    changed = false;
  };
  // A write waits for the state's export, so that its save is made before its answer; a failed load is the
  // request's 503 (front.ts), and the next request loads again.
  mock.beforeRequest = (writes) => {
    const exporting = writes && !exportAtHand() ? loadExport().then(() => undefined) : undefined;
    if (known !== undefined && storage.getItem(generationKey) === known) return exporting;
    if (storage.getItem(key) === null || restoreAtHand()) {
      takeUp();
      return exporting;
    }
    return Promise.all([loadRestore(), exporting]).then(takeUp);
  };
  mock.events.on('request:end', () => {
    if (!changed) return;
    changed = false;
    save();
  });
}

function unsavedMessage(key: string, error: unknown): string {
  const cause = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return `standin: persist: 'local' could not save the world in localStorage under "${key}" (${cause}). What changed since the last save is lost on reload, and this is said once until a save works again. Make room in this site's localStorage (remove keys it no longer needs, or clear the site's data), or make the world smaller with POST /__mock/reset.`;
}
