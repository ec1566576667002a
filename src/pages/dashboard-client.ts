// The dashboard's script, run in the browser: it reads and drives the world through the /__mock API
// (spec/control.yaml) and reads records through /api/v2 with the default person's token, as any client would,
// so the page can do nothing curl cannot. Served as this function's own source (dashboard.tsx), so it must stay
// self-contained: nothing from outside the function's body but types, which the compiler erases.
import type { JournalEntry } from '../runtime/request-journal.js';

/** Runs in the page: wires the shell's forms and buttons to /__mock and keeps the world and the journal live. */
export function dashboardClient(): void {
  /** A /__mock or /api/v2 call that did not succeed: its status and the problem's detail. */
  class Failure extends Error {
    constructor(
      readonly status: number,
      readonly detail: string,
    ) {
      super(detail);
    }
  }

  type Json = Record<string, unknown>;
  interface PersonTokens {
    default: boolean;
    read_write: string;
    read_only: string;
    person: { id: string; name: string; username: string };
  }

  const TOKEN_KEY = 'standin-control-token';
  const API = '/api/v2';
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
  const button = (label: string, onClick: () => void, className?: string): HTMLButtonElement => {
    const element = document.createElement('button');
    element.type = 'button';
    element.textContent = label;
    if (className) element.className = className;
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
  /** The world's clock as last read, and when (this page's monotonic time): a running one ticks on from it. */
  const clock = { now: 0, readAt: 0, frozen: true };
  /** The default person of the world shown, and that person's tokens; none until /__mock/tokens answers. */
  let defaultPerson: PersonTokens | undefined;
  /** Everyone's tokens, as /__mock/tokens last gave them. */
  let people: PersonTokens[] = [];
  /** MK7: the person an unknown token, or none, is answered as; null unless the server runs in any-token mode. */
  let anyTokenPersonId: string | null = null;
  /**
   * The reads this page made through /api/v2 and the journal has not shown yet, by path: the journal marks
   * their entries as the page's own (hidden unless asked for), so that what it shows is what the app did.
   */
  const ownReads = new Map<string, number>();

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

  /** A read of /api/v2 as the default person (read-only token: the page never writes there), in the world shown. */
  async function api<T>(path: string): Promise<T> {
    if (!defaultPerson) throw new Failure(401, 'the default person’s token is not known yet');
    const url = new URL(`${API}${path}`, location.origin);
    const key = `${url.pathname}${url.search}`;
    ownReads.set(key, (ownReads.get(key) ?? 0) + 1);
    const headers: Record<string, string> = { authorization: `Bearer ${defaultPerson.read_only}` };
    if (session()) headers['x-mock-session'] = session();
    const response = await fetch(url, { headers });
    const answer = (await response.json()) as unknown;
    if (!response.ok) throw new Failure(response.status, (answer as { detail?: string }).detail ?? '');
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

  /** An instant as the API writes them (G3): to the second, in UTC. */
  const instant = (ms: number): string => `${new Date(ms).toISOString().slice(0, 19)}Z`;

  /** The clock as it is now: a running one moves on with this page's time since it was read. */
  function clockNow(): number {
    return clock.frozen ? clock.now : clock.now + (performance.now() - clock.readAt);
  }

  function showClock(): void {
    $('clock-now').textContent = instant(clockNow());
  }

  async function showWorld(): Promise<void> {
    const world = await control<{
      seed: number;
      size: string;
      now: string;
      frozen: boolean;
      counts: Record<string, number>;
      sessions: number;
      any_token_person_id: string | null;
    }>('GET', '/world');
    anyTokenPersonId = world.any_token_person_id;
    showAnyToken();
    $('summary').textContent = `seed ${world.seed} · ${world.size} world · ${world.sessions} session(s)`;
    Object.assign(clock, { now: Date.parse(world.now), readAt: performance.now(), frozen: world.frozen });
    showClock();
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
    const tokens = await control<PersonTokens[]>('GET', '/tokens');
    people = tokens;
    defaultPerson = tokens.find((entry) => entry.default);
    showConnect();
    showAnyToken();
    const summary = $('people-section').querySelector('summary');
    if (summary) summary.textContent = `People and their tokens (${tokens.length})`;
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

  /** The "connect your app" box: this server's base URL, the default person's token, and a fetch that uses both. */
  function showConnect(): void {
    const base = `${location.origin}${API}`;
    $('connect-base').textContent = base;
    if (!defaultPerson) return;
    const { person, read_write: token } = defaultPerson;
    $('connect-token').textContent = token;
    $('connect-person').textContent =
      `read-write, of ${person.name} (@${person.username}), the default person; GET /__mock/tokens lists everyone's`;
    $('connect-fetch').textContent = [
      `const API = '${base}';`,
      `const TOKEN = '${token}'; // ${person.name}, read-write`,
      '',
      'const me = await fetch(`${API}/me`, { headers: { Authorization: `Bearer ${TOKEN}` } }).then((r) => r.json());',
      `console.log(me.name); // ${person.name}`,
    ].join('\n');
  }

  /** In any-token mode (MK7) an app needs no token of this world: the box says whom it is answered as. */
  function showAnyToken(): void {
    const line = $('connect-any-token');
    const answeredAs = people.find((entry) => entry.person.id === anyTokenPersonId)?.person;
    line.hidden = !answeredAs;
    if (answeredAs)
      line.textContent = `Any-token mode (MK7): a request with any other token, or none, is answered as ${answeredAs.name} (@${answeredAs.username}), read-write.`;
  }

  async function copy(value: string): Promise<void> {
    try {
      await navigator.clipboard.writeText(value);
      say('Copied to the clipboard.');
    } catch {
      say(`The browser refused the clipboard; select the text instead: ${value}`, true);
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

  /** Where each kind of record named in an answer is read, by the key that names it (`owner`, `teams`, …). */
  const PATH_OF_KEY: Record<string, string> = {
    owner: '/people',
    person: '/people',
    contributors: '/people',
    members: '/people',
    people: '/people',
    teams: '/teams',
    team: '/teams',
    goal: '/goals',
    parent: '/goals',
    goal_update: '/goal-updates',
    check_in: '/check-ins',
    question: '/echo/questions',
  };
  /** The same by a record's own `type` field. */
  const PATH_OF_TYPE: Record<string, string> = {
    goal: '/goals',
    'goal-update': '/goal-updates',
    'check-in': '/check-ins',
  };

  /** The collections whose records GET /api/v2/<collection>/<id> reads, by their path's last word. */
  const READABLE: Record<string, string> = {
    people: '/people',
    teams: '/teams',
    goals: '/goals',
    'goal-updates': '/goal-updates',
    'check-ins': '/check-ins',
    questions: '/echo/questions',
    answers: '/echo/answers',
    activities: '/activities',
  };

  /** Where the records an answer of `path` holds are read (`/goals` for /api/v2/goals?…), if they can be. */
  function collectionOf(path: string): string | undefined {
    const words = path.split('?')[0]?.split('/').filter(Boolean) ?? [];
    // The last word that is not an id or a date (CI6): /check-ins/<id> is a check-in.
    const word = words.reverse().find((w) => !/^[0-9a-f-]{36}$|^\d{4}-\d{2}-\d{2}$/.test(w));
    return word === undefined ? undefined : READABLE[word];
  }

  /**
   * A JSON value pretty-printed (two spaces) as text and, for the id of each record it names (a goal's owner,
   * teams, parent, …), a link that opens that record. `path` is where records of the value's kind are read.
   */
  function jsonNodes(value: unknown, indent = '', path?: string): Array<Node | string> {
    if (Array.isArray(value)) {
      if (value.length === 0) return ['[]'];
      const inner = `${indent}  `;
      return [
        '[\n',
        ...value.flatMap((item, i) => [inner, ...jsonNodes(item, inner, path), i < value.length - 1 ? ',\n' : '\n']),
        `${indent}]`,
      ];
    }
    if (value === null || typeof value !== 'object') return [JSON.stringify(value)];
    const entries = Object.entries(value as Json);
    if (entries.length === 0) return ['{}'];
    const inner = `${indent}  `;
    const own = typeof (value as Json).type === 'string' ? PATH_OF_TYPE[(value as Json).type as string] : undefined;
    const kind = own ?? path;
    return [
      '{\n',
      ...entries.flatMap(([key, item], i) => [
        `${inner}${JSON.stringify(key)}: `,
        ...(key === 'id' && typeof item === 'string' && kind
          ? [recordLink(JSON.stringify(item), `${kind}/${item}`)]
          : jsonNodes(item, inner, PATH_OF_KEY[key])),
        i < entries.length - 1 ? ',\n' : '\n',
      ]),
      `${indent}}`,
    ];
  }

  /**
   * A body as the journal keeps it: pretty-printed if it is JSON, else as it is (a cut one is not); the records
   * of an answer to `path` link to themselves.
   */
  function bodyBlock(body: string | null, path?: string): HTMLElement {
    const block = document.createElement('pre');
    if (body === null) {
      block.textContent = '(no body)';
      return block;
    }
    try {
      block.append(...jsonNodes(JSON.parse(body) as unknown, '', path === undefined ? undefined : collectionOf(path)));
    } catch {
      block.textContent = body;
    }
    return block;
  }

  /** A link that opens a record (`/goals/<id>`) in the record view. */
  function recordLink(label: string, path: string): HTMLButtonElement {
    const link = button(label, () => void openRecord(path), 'link');
    link.dataset.record = path;
    return link;
  }

  /** A record as GET /api/v2 gives it to the default person, pretty-printed, its ids opening theirs. */
  async function openRecord(path: string): Promise<void> {
    const view = $('record-view');
    view.hidden = false;
    $('record-request').textContent = `GET ${API}${path}`;
    $('record-status').textContent = '';
    const json = $('record-json');
    json.dataset.record = path;
    try {
      json.replaceChildren(...jsonNodes(await api<Json>(path), '', collectionOf(path)));
    } catch (error) {
      $('record-status').textContent = error instanceof Failure ? `${error.status}` : '';
      json.textContent = error instanceof Failure ? error.detail : String(error);
    }
    view.scrollIntoView({ block: 'nearest' });
  }

  /** One line of a record list: what the record is, then its id, both opening its JSON. */
  function recordItem(path: string, label: string, detail: string): HTMLElement {
    const item = document.createElement('li');
    const id = path.slice(path.lastIndexOf('/') + 1);
    item.append(recordLink(label, path), ' ', text('span', detail, 'detail'), ' ');
    const code = recordLink(id.slice(0, 8), path);
    code.title = id;
    code.classList.add('id');
    item.append(code);
    return item;
  }

  /** Today's date where the default person is: the world's clock, in that person's time zone. */
  function todayIn(timeZone: string): string {
    const format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    return format.format(new Date(clockNow()));
  }

  /** Goals, people and today's check-ins as the default person sees them, each opening its JSON by id. */
  async function showRecords(): Promise<void> {
    if (!defaultPerson) return;
    $('records-person').textContent = defaultPerson.person.name;
    try {
      const me = await api<{ id: string; time_zone: string }>('/me');
      const today = todayIn(me.time_zone);
      const [goals, people, checkIns] = await Promise.all([
        api<Json[]>('/goals?per_page=50'),
        api<Json[]>('/people?per_page=50'),
        api<Json[]>(`/check-ins?since=${today}&until=${today}&per_page=50`),
      ]);
      $('today').textContent = today;
      const counted = (list: Json[]) => (list.length === 50 ? '(the first 50)' : `(${list.length})`);
      $('goals-count').textContent = counted(goals);
      $('people-count').textContent = counted(people);
      $('check-ins-count').textContent = counted(checkIns);
      const name = (record: unknown) => String((record as { name?: string } | null)?.name ?? '');
      $('goals-list').replaceChildren(
        ...goals.map((g) =>
          recordItem(
            `/goals/${String(g.id)}`,
            String(g.title) || '(untitled)',
            `${name(g.owner)} · ${String(g.progress)}% · ${String(g.confidence_description)}`,
          ),
        ),
      );
      $('people-list').replaceChildren(
        ...people.map((p) =>
          recordItem(
            `/people/${String(p.id)}`,
            String(p.name),
            `${String(p.title)} · ${(p.teams as Json[]).map(name).join(', ')}`,
          ),
        ),
      );
      $('check-ins-list').replaceChildren(
        ...(checkIns.length === 0
          ? [text('li', 'None: no team of theirs checks in today, or the clock has not reached it.', 'empty')]
          : []),
        ...checkIns.map((c) => {
          const state = c.absent
            ? 'absent'
            : c.completed_at === null
              ? 'not filled in'
              : `${typeof c.mood === 'string' ? c.mood : 'no mood'}${c.blocked ? ' · blocked' : ''}`;
          return recordItem(`/check-ins/${String(c.id)}`, name(c.person), state);
        }),
      );
    } catch (error) {
      say(
        `Could not read the records: ${error instanceof Failure ? `${error.status} ${error.detail}` : String(error)}`,
      );
    }
  }

  /** Everything but the journal, read again. */
  async function refresh(): Promise<void> {
    try {
      await Promise.all([showWorld(), showSnapshots(), showSwitches(), showSessions(), showPeople()]);
      await showRecords();
    } catch (error) {
      if (!(error instanceof Failure && error.status === 401)) say(`Could not read the world: ${String(error)}`, true);
    }
  }

  /** Whether an entry is one of this page's own reads (each read marks one entry, the first that fits). */
  function isOwn(entry: JournalEntry): boolean {
    const pending = entry.method === 'GET' ? ownReads.get(entry.path) : undefined;
    if (!pending || entry.person?.id !== defaultPerson?.person.id) return false;
    if (pending === 1) ownReads.delete(entry.path);
    else ownReads.set(entry.path, pending - 1);
    return true;
  }

  function journalRow(entry: JournalEntry, own: boolean): HTMLTableRowElement {
    const row = document.createElement('tr');
    row.dataset.seq = String(entry.seq);
    row.dataset.status = String(entry.status);
    row.dataset.path = entry.path;
    if (own) row.dataset.own = 'true';
    row.className = `status-${String(entry.status)[0]}`;
    const override = entry.override ? ` (override ${entry.override})` : '';
    const who = document.createElement('td');
    who.className = 'who';
    if (entry.person) who.append(recordLink(entry.person.name, `/people/${entry.person.id}`));
    else {
      who.textContent = '—';
      who.title = 'No token named anyone, or the answer came before the token was read';
    }
    row.append(
      text('td', String(entry.seq)),
      text('td', entry.at.slice(11)),
      who,
      text('td', `${entry.method} ${entry.path}`, 'request'),
      text('td', `${entry.status}${override}`),
      text('td', String(entry.duration_ms)),
      text('td', entry.session ?? ''),
    );
    row.title = entry.at;
    row.addEventListener('click', (event) => {
      if ((event.target as HTMLElement).closest('button')) return;
      const next = row.nextElementSibling;
      if (next?.classList.contains('detail')) {
        next.remove();
        return;
      }
      const detail = document.createElement('tr');
      detail.className = 'detail';
      const cell = document.createElement('td');
      cell.colSpan = 7;
      const by = entry.person ? `${entry.person.name} (${entry.person.id})` : 'no one a token named';
      cell.append(text('p', `${entry.method} ${entry.path} at ${entry.at}, by ${by}`, 'request-line'));
      if (entry.errors) cell.append(text('p', entry.errors.map((e) => `${e.name}: ${e.message}`).join('\n'), 'errors'));
      cell.append(text('h3', 'sent'), bodyBlock(entry.request_body));
      cell.append(text('h3', 'got'), bodyBlock(entry.response_body, entry.path));
      detail.append(cell);
      row.after(detail);
    });
    return row;
  }

  function filterJournal(): void {
    const status = $<HTMLSelectElement>('journal-status').value;
    const path = $<HTMLInputElement>('journal-path').value;
    const own = $<HTMLInputElement>('journal-own').checked;
    let shown = 0;
    for (const row of $('journal').querySelectorAll<HTMLTableRowElement>('tbody tr[data-seq]')) {
      const show =
        row.dataset.status?.startsWith(status) && row.dataset.path?.startsWith(path) && (own || !row.dataset.own);
      row.hidden = !show;
      if (show) shown++;
      const detail = row.nextElementSibling as HTMLElement | null;
      if (detail?.classList.contains('detail')) detail.hidden = !show;
    }
    $('journal-empty').hidden = shown > 0;
  }

  /** What the journal recorded since the last look, newest on top; the table keeps the last 500. */
  async function pollJournal(): Promise<void> {
    try {
      const entries = await control<JournalEntry[]>('GET', `/requests?after=${lastSeq}&limit=200`);
      if (entries.length > 0) {
        lastSeq = Math.max(lastSeq, ...entries.map((e) => e.seq));
        // Oldest first, as they were made: each of this page's reads marks the first entry that fits it.
        const rows = [...entries].reverse().map((entry) => ({ entry, own: isOwn(entry) }));
        const body = $('journal').querySelector('tbody');
        body?.prepend(...rows.reverse().map(({ entry, own }) => journalRow(entry, own)));
        const kept = body?.querySelectorAll('tr[data-seq]') ?? [];
        for (let i = 500; i < kept.length; i++) {
          const detail = kept[i]?.nextElementSibling;
          if (detail?.classList.contains('detail')) detail.remove();
          kept[i]?.remove();
        }
        filterJournal();
        await showWorld();
        // A write by someone else changes the records: read them again (reads change nothing).
        if (rows.some(({ entry, own }) => !own && entry.method !== 'GET' && entry.status < 400)) await showRecords();
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
    void act(`The clock is at ${now}.`, () => control('PUT', '/clock', { now, frozen: clock.frozen }));
  });
  // A reset throws away every change: it is asked for twice, the second time in a dialog naming the world.
  const resetDialog = $<HTMLDialogElement>('reset-dialog');
  $('reset').addEventListener('click', () => {
    $('reset-world').textContent = session() ? `the world of session ${session()}` : 'the shared world';
    resetDialog.showModal();
  });
  $('reset-cancel').addEventListener('click', () => resetDialog.close());
  $('reset-confirm').addEventListener('click', () => {
    resetDialog.close();
    void act('The world is as generated again.', () => control('POST', '/reset'));
  });
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
  $('records-refresh').addEventListener('click', () => void showRecords());
  $('journal-status').addEventListener('change', filterJournal);
  $('journal-path').addEventListener('input', filterJournal);
  $('journal-own').addEventListener('change', filterJournal);
  for (const copier of document.querySelectorAll<HTMLElement>('button[data-copy]')) {
    copier.addEventListener('click', () => void copy($(copier.dataset.copy ?? '').textContent ?? ''));
  }
  $('token-form').addEventListener('submit', (event) => {
    event.preventDefault();
    sessionStorage.setItem(TOKEN_KEY, $<HTMLInputElement>('token-input').value);
    $('token-form').hidden = true;
    void refresh();
  });

  // A server with --control-token says so in the page: ask at once rather than after a first refusal.
  if (document.body.dataset.protected === 'true' && !sessionStorage.getItem(TOKEN_KEY)) $('token-form').hidden = false;
  showConnect();
  void refresh();
  void pollJournal();
  setInterval(() => void pollJournal(), 1000);
  setInterval(showClock, 1000);
}
