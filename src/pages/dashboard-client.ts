// The dashboard's script, run in the browser: it reads and drives the world through the /__mock API only
// (spec/control.yaml), so the page can do nothing curl cannot. Served as this function's own source
// (dashboard.tsx), so it must stay self-contained: nothing from outside the function's body but types, which
// the compiler erases.
import type { JournalEntry } from '../http/request-journal.js';

/** Runs in the page: wires the shell's forms and buttons to /__mock and keeps the world and the journal live. */
export function dashboardClient(): void {
  /** A /__mock call that did not succeed: its status and the problem's detail. */
  class Failure extends Error {
    constructor(
      readonly status: number,
      readonly detail: string,
    ) {
      super(detail);
    }
  }

  const TOKEN_KEY = 'standin-control-token';
  const $ = <T extends HTMLElement = HTMLElement>(id: string): T => {
    const found = document.getElementById(id);
    if (!found) throw new Error(`the dashboard has no #${id}`);
    return found as T;
  };
  const text = (tag: string, content: string, className?: string): HTMLElement => {
    const element = document.createElement(tag);
    element.textContent = content;
    if (className) element.className = className;
    return element;
  };
  const button = (label: string, onClick: () => void): HTMLButtonElement => {
    const element = document.createElement('button');
    element.type = 'button';
    element.textContent = label;
    element.addEventListener('click', onClick);
    return element;
  };
  const session = (): string => $<HTMLSelectElement>('session').value;
  /**
   * The controls that act on one world take the session header (MK5); the others are the server's, and a header
   * there would make or keep alive the session it names (a dropped one would come back on the next poll).
   */
  const WORLD_SCOPED = /^\/(tokens|world|clock|reset|snapshots|faults|state|people|echo)\b/;
  let lastSeq = 0;
  let frozen = true;

  function say(message: string, failed = false): void {
    const line = $('message');
    line.textContent = message;
    line.className = failed ? 'failed' : '';
  }

  /** A /__mock call: JSON in and out, the control token and the chosen session sent along. */
  async function control<T>(method: string, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = {};
    const token = sessionStorage.getItem(TOKEN_KEY);
    if (token) headers.authorization = `Bearer ${token}`;
    if (session() && WORLD_SCOPED.test(path)) headers['x-mock-session'] = session();
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`/__mock${path}`, {
      method,
      headers,
      body: body === undefined ? null : JSON.stringify(body),
    });
    if (response.status === 401) {
      $('token-form').hidden = false;
      throw new Failure(401, 'the controls need the server’s control token');
    }
    const answer = response.status === 204 ? undefined : ((await response.json()) as unknown);
    if (!response.ok) {
      const problem = answer as { detail?: string } | undefined;
      throw new Failure(response.status, problem?.detail ?? response.statusText);
    }
    return answer as T;
  }

  /** Runs an action, says how it went, then shows the world as it is now. */
  async function act(done: string, action: () => Promise<unknown>): Promise<void> {
    try {
      await action();
      say(done);
    } catch (error) {
      say(error instanceof Failure ? `${error.status} ${error.detail}` : String(error), true);
    }
    await refresh();
  }

  async function showWorld(): Promise<void> {
    const world = await control<{
      seed: number;
      size: string;
      now: string;
      frozen: boolean;
      counts: Record<string, number>;
      sessions: number;
    }>('GET', '/world');
    $('summary').textContent = `seed ${world.seed} · ${world.size} world · ${world.sessions} session(s)`;
    $('clock-now').textContent = world.now;
    frozen = world.frozen;
    $('clock-frozen').textContent = world.frozen ? '(frozen)' : '(running)';
    const counts = $('counts');
    counts.replaceChildren();
    for (const [kind, count] of Object.entries(world.counts)) {
      counts.append(text('dt', kind.replaceAll('_', ' ')));
      const value = text('dd', count.toLocaleString('en'));
      value.id = `count-${kind}`;
      counts.append(value);
    }
  }

  async function showPeople(): Promise<void> {
    const tokens = await control<
      Array<{ default: boolean; read_write: string; read_only: string; person: { name: string; username: string } }>
    >('GET', '/tokens');
    const rows = tokens.map((entry) => {
      const row = document.createElement('tr');
      row.append(text('td', `${entry.person.name} @${entry.person.username}${entry.default ? ' (default)' : ''}`));
      for (const token of [entry.read_write, entry.read_only]) {
        const cell = text('td', '');
        cell.append(
          text('code', token),
          ' ',
          button('copy', () => void copy(token)),
        );
        row.append(cell);
      }
      return row;
    });
    $('people')
      .querySelector('tbody')
      ?.replaceChildren(...rows);
  }

  async function copy(value: string): Promise<void> {
    try {
      await navigator.clipboard.writeText(value);
      say('Copied to the clipboard.');
    } catch {
      say(`The browser refused the clipboard; select the token instead: ${value}`, true);
    }
  }

  async function showSnapshots(): Promise<void> {
    const snapshots = await control<Array<{ name: string; now: string }>>('GET', '/snapshots');
    $('snapshots').replaceChildren(
      ...(snapshots.length === 0 ? [text('li', 'No snapshots yet.', 'empty')] : []),
      ...snapshots.map((snapshot) => {
        const item = text('li', `${snapshot.name} (clock ${snapshot.now}) `);
        item.dataset.snapshot = snapshot.name;
        const name = encodeURIComponent(snapshot.name);
        item.append(
          button(
            'restore',
            () => void act(`Restored ${snapshot.name}.`, () => control('POST', `/snapshots/${name}/restore`)),
          ),
          ' ',
          button('delete', () => void act(`Deleted ${snapshot.name}.`, () => control('DELETE', `/snapshots/${name}`))),
        );
        return item;
      }),
    );
  }

  async function showSwitches(): Promise<void> {
    const [limits, faults, overrides] = await Promise.all([
      control<{ enabled: boolean }>('GET', '/rate-limit'),
      control<{ profile: unknown }>('GET', '/faults'),
      control<{
        rules: Array<{ id: string; uses_left: number | null; rule: { method?: string; path: string; status: number } }>;
      }>('GET', '/overrides'),
    ]);
    $<HTMLInputElement>('rate-limit').checked = limits.enabled;
    $<HTMLInputElement>('faults').checked = faults.profile !== null;
    $('faults-state').textContent = faults.profile === null ? '' : 'a profile is in force';
    $('overrides').replaceChildren(
      ...(overrides.rules.length === 0
        ? [text('li', 'No override rules: PUT /__mock/overrides puts some in force.', 'empty')]
        : []),
      ...overrides.rules.map(({ id, uses_left, rule }) => {
        const uses = uses_left === null ? '' : `, ${uses_left} use(s) left`;
        const item = text('li', `override ${id}: ${rule.method ?? 'any'} ${rule.path} → ${rule.status}${uses} `);
        item.append(button('remove', () => void act(`Removed ${id}.`, () => control('DELETE', `/overrides/${id}`))));
        return item;
      }),
    );
  }

  async function showSessions(): Promise<void> {
    const sessions = await control<Array<{ name: string; requests: number; last_used_at: string }>>('GET', '/sessions');
    const select = $<HTMLSelectElement>('session');
    const chosen = select.value;
    select.replaceChildren(text('option', 'shared'));
    for (const { name } of sessions) select.append(text('option', name));
    (select.options[0] as HTMLOptionElement).value = '';
    select.value = sessions.some((s) => s.name === chosen) ? chosen : '';
    $('sessions').replaceChildren(
      ...(sessions.length === 0
        ? [
            text(
              'li',
              'None yet: a request with X-Mock-Session: <name> makes one, on its own copy of the world.',
              'empty',
            ),
          ]
        : []),
      ...sessions.map((s) => {
        const item = text('li', `${s.name}: ${s.requests} request(s), last at ${s.last_used_at} `);
        const name = encodeURIComponent(s.name);
        const drop = async () => {
          // Back to the shared world first: the world shown must not be the one dropped.
          if (session() === s.name) $<HTMLSelectElement>('session').value = '';
          await control('DELETE', `/sessions/${name}`);
        };
        item.append(button('drop', () => void act(`Dropped ${s.name}.`, drop)));
        return item;
      }),
    );
  }

  /** Everything but the journal, read again. */
  async function refresh(): Promise<void> {
    try {
      await Promise.all([showWorld(), showSnapshots(), showSwitches(), showSessions(), showPeople()]);
    } catch (error) {
      if (!(error instanceof Failure && error.status === 401)) say(`Could not read the world: ${String(error)}`, true);
    }
  }

  function journalRow(entry: JournalEntry): HTMLTableRowElement {
    const row = document.createElement('tr');
    row.dataset.seq = String(entry.seq);
    row.dataset.status = String(entry.status);
    row.dataset.path = entry.path;
    row.className = `status-${String(entry.status)[0]}`;
    const override = entry.override ? ` (override ${entry.override})` : '';
    row.append(
      text('td', String(entry.seq)),
      text('td', entry.at),
      text('td', `${entry.method} ${entry.path}`),
      text('td', `${entry.status}${override}`),
      text('td', String(entry.duration_ms)),
      text('td', entry.session ?? ''),
    );
    row.addEventListener('click', () => {
      const next = row.nextElementSibling;
      if (next?.classList.contains('detail')) {
        next.remove();
        return;
      }
      const detail = document.createElement('tr');
      detail.className = 'detail';
      const cell = document.createElement('td');
      cell.colSpan = 6;
      if (entry.errors) cell.append(text('p', entry.errors.map((e) => `${e.name}: ${e.message}`).join('\n'), 'errors'));
      cell.append(text('h3', 'sent'), text('pre', entry.request_body ?? '(no body)'));
      cell.append(text('h3', 'got'), text('pre', entry.response_body ?? '(no body)'));
      detail.append(cell);
      row.after(detail);
    });
    return row;
  }

  function filterJournal(): void {
    const status = $<HTMLSelectElement>('journal-status').value;
    const path = $<HTMLInputElement>('journal-path').value;
    for (const row of $('journal').querySelectorAll<HTMLTableRowElement>('tbody tr[data-seq]')) {
      const shown = row.dataset.status?.startsWith(status) && row.dataset.path?.startsWith(path);
      row.hidden = !shown;
      const detail = row.nextElementSibling as HTMLElement | null;
      if (detail?.classList.contains('detail')) detail.hidden = !shown;
    }
  }

  /** What the journal recorded since the last look, newest on top; the table keeps the last 500. */
  async function pollJournal(): Promise<void> {
    try {
      const entries = await control<JournalEntry[]>('GET', `/requests?after=${lastSeq}&limit=200`);
      if (entries.length > 0) {
        lastSeq = Math.max(lastSeq, ...entries.map((e) => e.seq));
        const body = $('journal').querySelector('tbody');
        body?.prepend(...entries.map(journalRow));
        const rows = body?.querySelectorAll('tr[data-seq]') ?? [];
        for (let i = 500; i < rows.length; i++) {
          const detail = rows[i]?.nextElementSibling;
          if (detail?.classList.contains('detail')) detail.remove();
          rows[i]?.remove();
        }
        filterJournal();
        await showWorld();
      }
    } catch {
      // A failed look is retried on the next tick; the token form is already shown for a 401.
    }
  }

  $('advance-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const days = Number($<HTMLInputElement>('advance-days').value) || 0;
    const hours = Number($<HTMLInputElement>('advance-hours').value) || 0;
    void act(`Advanced ${days} day(s) and ${hours} hour(s).`, () => control('POST', '/clock/advance', { days, hours }));
  });
  $('set-clock-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const now = $<HTMLInputElement>('set-clock').value.trim();
    // The clock keeps running or stays frozen as it was (MK4): setting it changes only where it is.
    void act(`The clock is at ${now}.`, () => control('PUT', '/clock', { now, frozen }));
  });
  $('reset').addEventListener(
    'click',
    () => void act('The world is as generated again.', () => control('POST', '/reset')),
  );
  $('snapshot-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const name = $<HTMLInputElement>('snapshot-name').value.trim() || `snapshot-${Date.now()}`;
    void act(`Took ${name}.`, () => control('PUT', `/snapshots/${encodeURIComponent(name)}`));
  });
  $<HTMLInputElement>('rate-limit').addEventListener('change', (event) => {
    const enabled = (event.target as HTMLInputElement).checked;
    void act(`Rate limits ${enabled ? 'on' : 'off'}.`, () => control('PUT', '/rate-limit', { enabled }));
  });
  $<HTMLInputElement>('faults').addEventListener('change', (event) => {
    const on = (event.target as HTMLInputElement).checked;
    const profile = {
      rules: [
        {
          latency: { kind: 'uniform', min_ms: 200, max_ms: 800 },
          faults: [{ kind: 'error', status: 503, rate: 0.1, retry_after: 1 }],
        },
      ],
    };
    void act(on ? 'Faults on.' : 'Faults off.', () =>
      on ? control('PUT', '/faults', profile) : control('DELETE', '/faults'),
    );
  });
  $('session').addEventListener('change', () => void refresh());
  $('journal-status').addEventListener('change', filterJournal);
  $('journal-path').addEventListener('input', filterJournal);
  $('token-form').addEventListener('submit', (event) => {
    event.preventDefault();
    sessionStorage.setItem(TOKEN_KEY, $<HTMLInputElement>('token-input').value);
    $('token-form').hidden = true;
    void refresh();
  });

  // A server with --control-token says so in the page: ask at once rather than after a first refusal.
  if (document.body.dataset.protected === 'true' && !sessionStorage.getItem(TOKEN_KEY)) $('token-form').hidden = false;
  void refresh();
  void pollJournal();
  setInterval(() => void pollJournal(), 1000);
}
