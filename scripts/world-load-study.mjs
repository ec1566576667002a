// Issue 35's study of a large world loaded rather than generated at start (docs/speed.md, "eleventh session"): each
// way measured in fresh processes, on the built checkout (npm run build first). Not part of the benchmark: it
// writes some 400 MB to a temporary folder and its snapshot blobs are some 150 MB each.
//
// Usage (each a fresh process; SIZE is large unless given):
//   node scripts/world-load-study.mjs save [SIZE]            generate, then write the records v8-serialized (both forms)
//   node scripts/world-load-study.mjs load naive|compact [SIZE]  read them back into a base and a World: phases, CPU, RSS
//   node scripts/world-load-study.mjs worker [SIZE]          generate in a worker thread, records moved to the main thread
//   node scripts/world-load-study.mjs snapshot world|serve FILE [SIZE]  a single CommonJS file for node --build-snapshot
//     then: node --snapshot-blob B.blob --build-snapshot FILE; node --snapshot-blob B.blob [PORT]
//   node scripts/world-load-study.mjs first COMMAND ARGS…    spawn to the first 200 of GET /api/v2/me (PORT in ARGS
//                                                           is replaced by a free port): ms, CPU, RSS
//   node scripts/world-load-study.mjs hash COMMAND ARGS…     SHA-256 of GET /__mock/state?full=true at now and a week on
/* eslint-disable @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-return --
   a study's script: it imports the built modules by path (dist/, which may not exist when it is linted) and reads
   their records as they come, untyped. */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { deserialize, serialize } from 'node:v8';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DIST = join(ROOT, 'dist');
const NOW = '2026-11-20T15:00:00Z';
const NOW_SECONDS = Date.parse(NOW) / 1000;
const DIR = join(tmpdir(), 'standin-world-load');

/** @param {string} path */
const load = (path) => import(pathToFileURL(join(DIST, path)).href);
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const rssMiB = () => Math.round(process.memoryUsage().rss / 2 ** 20);
const loadAverage = () => readFileSync('/proc/loadavg', 'utf8').split(' ')[0];

/** Phases timed by wall clock and by the process's CPU (all its threads: the collector's helpers too). */
function phases() {
  const wall = /** @type {Record<string, number>} */ ({});
  const cpu = /** @type {Record<string, number>} */ ({});
  let t = performance.now();
  let c = cpuMs();
  return {
    /** @param {string} name */
    mark(name) {
      const [t2, c2] = [performance.now(), cpuMs()];
      wall[name] = Math.round(t2 - t);
      cpu[name] = Math.round(c2 - c);
      [t, c] = [t2, c2];
    },
    wall,
    cpu,
  };
}

/** A check-in's mood by number: none, or the domain's moods in their order. */
const moods = async () => [null, ...(await load('src/domain/records.js')).MOODS];
const BLOCKERS = ['none', 'empty', 'text'];

/**
 * The check-ins as columns: typed arrays, strings by index into one table, a check-in's key by the index of the
 * check-in it follows when that one is in the list (the generator's keys are the records themselves, check-ins.ts).
 */
async function checkInColumns(/** @type {any[]} */ checkIns) {
  const { plainKey } = await load('fixtures/check-in-text.js');
  const MOODS = await moods();
  /** @type {(key: any, depth?: number) => any} */
  const plainFollows = (key, depth = 3) => {
    const before = depth > 1 && key.lastPlan;
    return {
      ...plainKey(key),
      ...(before && {
        lastPlan: { follows: before.follows && plainFollows(before.follows, depth - 1), completed: before.completed },
      }),
    };
  };
  const n = checkIns.length;
  const table = /** @type {string[]} */ ([]);
  const numbers = new Map();
  /** @param {string} value */
  const string = (value) => {
    let at = numbers.get(value);
    if (at === undefined) numbers.set(value, (at = table.push(value) - 1));
    return at;
  };
  const teamSets = new Map();
  const voices = new Map();
  const at = new Map(checkIns.map((checkIn, i) => [checkIn, i]));
  const columns = {
    ids: new Array(n),
    person: new Uint32Array(n),
    date: new Uint32Array(n),
    teams: new Uint32Array(n),
    mood: new Uint8Array(n),
    previous: new Int8Array(n),
    absent: new Uint8Array(n),
    completedAt: new Float64Array(n),
    updatedAt: new Float64Array(n),
    voice: new Int32Array(n),
    blockers: new Uint8Array(n),
    follows: new Int32Array(n),
    plainFollows: /** @type {unknown[]} */ ([]),
  };
  for (let i = 0; i < n; i++) {
    const checkIn = checkIns[i];
    columns.ids[i] = checkIn.id;
    columns.person[i] = string(checkIn.personId);
    columns.date[i] = string(checkIn.date);
    if (!teamSets.has(checkIn.teamIds)) teamSets.set(checkIn.teamIds, teamSets.size);
    columns.teams[i] = teamSets.get(checkIn.teamIds);
    if (!MOODS.includes(checkIn.mood)) throw new Error(`a mood this study does not know: ${checkIn.mood}`);
    columns.mood[i] = MOODS.indexOf(checkIn.mood);
    columns.previous[i] = checkIn.previousCompleted === null ? -1 : checkIn.previousCompleted ? 1 : 0;
    columns.absent[i] = checkIn.absent ? 1 : 0;
    columns.completedAt[i] = checkIn.completedAt ?? NaN;
    columns.updatedAt[i] = checkIn.updatedAt;
    const { voice } = checkIn;
    if (voice !== null && !voices.has(voice)) voices.set(voice, voices.size);
    columns.voice[i] = voice === null ? -1 : voices.get(voice);
    columns.blockers[i] = BLOCKERS.indexOf(checkIn.blockersAnswer);
    const { follows } = checkIn.lastPlan;
    if (follows === null) columns.follows[i] = -1;
    else if (at.has(follows)) columns.follows[i] = at.get(follows);
    else columns.follows[i] = -2 - (columns.plainFollows.push(plainFollows(follows)) - 1);
  }
  return { columns, table, teamSets: [...teamSets.keys()], voices: [...voices.keys()] };
}

/** The check-ins back from their columns, as GeneratedCheckIn records. */
async function checkInsOf(/** @type {any} */ { columns, table, teamSets, voices }) {
  const { GeneratedCheckIn } = await load('fixtures/generated-check-in.js');
  const MOODS = await moods();
  const n = columns.ids.length;
  const checkIns = new Array(n);
  /** @param {number} k */
  const followsOf = (k) => (k === -1 ? null : k >= 0 ? checkIns[k] : columns.plainFollows[-2 - k]);
  for (let i = 0; i < n; i++) {
    const previous = columns.previous[i];
    const completedAt = columns.completedAt[i];
    checkIns[i] = new GeneratedCheckIn(
      {
        id: columns.ids[i],
        personId: table[columns.person[i]],
        date: table[columns.date[i]],
        teamIds: teamSets[columns.teams[i]],
        mood: MOODS[columns.mood[i]],
        previousCompleted: previous === -1 ? null : previous === 1,
        absent: columns.absent[i] === 1,
        completedAt: Number.isNaN(completedAt) ? null : completedAt,
        updatedAt: columns.updatedAt[i],
      },
      columns.voice[i] === -1 ? null : voices[columns.voice[i]],
      BLOCKERS[columns.blockers[i]],
      followsOf(columns.follows[i]),
    );
  }
  return checkIns;
}

/**
 * A world's records in one of the study's two forms: `naive`, every kind as portable-records.ts writes it;
 * `compact`, the check-ins as columns instead (checkInColumns).
 */
async function portableForm(/** @type {any} */ world, /** @type {'naive' | 'compact'} */ form) {
  const { PortableWriter } = await load('fixtures/portable-records.js');
  const { CONTENTS_KINDS } = await load('src/domain/record-kinds.js');
  const writer = new PortableWriter();
  const kinds = /** @type {Record<string, unknown>} */ ({});
  for (const kind of CONTENTS_KINDS)
    if (form === 'naive' || kind !== 'checkIns') kinds[kind] = writer.records(world[kind]);
  const checkIns = form === 'compact' ? await checkInColumns(world.checkIns) : null;
  return { voices: writer.newVoices(), kinds, checkIns };
}

async function save(size = 'large') {
  const { generateWorld } = await load('fixtures/index.js');
  const { CONTENTS_KINDS } = await load('src/domain/record-kinds.js');
  const timed = phases();
  const world = generateWorld({ seed: 42, size, now: NOW_SECONDS });
  timed.mark('generate');
  const { seed, generatedAt, historyStart, defaultPersonId } = world;
  const meta = { seed, size, generatedAt, historyStart, defaultPersonId };
  mkdirSync(DIR, { recursive: true });
  const bytes = /** @type {Record<string, number>} */ ({});
  for (const form of /** @type {const} */ (['naive', 'compact'])) {
    const { voices, kinds, checkIns } = await portableForm(world, form);
    timed.mark(`${form} portable`);
    const written = serialize({ meta, voices, kinds, checkIns });
    timed.mark(`${form} serialize`);
    writeFileSync(join(DIR, `${size}-${form}.v8`), written);
    bytes[form] = written.length;
  }
  const counts = Object.fromEntries(CONTENTS_KINDS.map((kind) => [kind, world[kind].length]));
  console.log(JSON.stringify({ wall: timed.wall, cpu: timed.cpu, bytes, counts, load: loadAverage() }));
}

async function loadWorld(form = 'naive', size = 'large') {
  const timed = phases();
  const { worldWriter } = await load('fixtures/index.js');
  const { PortableReader } = await load('fixtures/portable-records.js');
  const { CONTENTS_KINDS } = await load('src/domain/record-kinds.js');
  const { WorldBase } = await load('src/domain/world-base.js');
  const { World } = await load('src/domain/world.js');
  const { Clock } = await load('src/domain/clock.js');
  const { drain } = await load('src/domain/slices.js');
  timed.mark('import');
  const read = readFileSync(join(DIR, `${size}-${form}.v8`));
  timed.mark('read');
  const data = deserialize(read);
  timed.mark('deserialize');
  const reader = new PortableReader();
  reader.addVoices(data.voices);
  const contents = { ...data.meta };
  for (const kind of CONTENTS_KINDS) if (data.kinds[kind]) contents[kind] = reader.records(data.kinds[kind]);
  if (data.checkIns) contents.checkIns = await checkInsOf(data.checkIns);
  timed.mark('rebuild');
  const base = drain(WorldBase.build(contents, worldWriter, 'generated'));
  timed.mark('base');
  const world = new World(base, { clock: new Clock({ now: NOW }) });
  timed.mark('world');
  const total = Object.values(timed.wall).reduce((a, b) => a + b, 0);
  const totalCpu = Object.values(timed.cpu).reduce((a, b) => a + b, 0);
  console.log(
    JSON.stringify({
      form,
      wall: timed.wall,
      cpu: timed.cpu,
      total,
      totalCpu,
      rssMiB: rssMiB(),
      checkIns: world.store.table('checkIns').size,
      load: loadAverage(),
    }),
  );
}

/** A record as JSON with the texts a generated one writes on first read. */
function withTexts(/** @type {any} */ record) {
  if (record === null || typeof record !== 'object') return JSON.stringify(record);
  const texts =
    'intentions' in record
      ? { previous: record.previous, intentions: record.intentions, blockers: record.blockers }
      : 'body' in record
        ? { title: record.title, body: record.body }
        : {};
  return JSON.stringify({ ...record, ...texts });
}

/** Whether the records read back from each form are the generated ones, texts included, record for record. */
async function same(seed = 42, size = 'small') {
  const { generateWorld } = await load('fixtures/index.js');
  const { PortableReader } = await load('fixtures/portable-records.js');
  const { CONTENTS_KINDS } = await load('src/domain/record-kinds.js');
  const recipe = { seed: Number(seed), size, now: NOW_SECONDS };
  const world = generateWorld(recipe);
  const results = /** @type {Record<string, number>} */ ({});
  for (const form of /** @type {const} */ (['naive', 'compact'])) {
    const data = deserialize(serialize(await portableForm(world, form)));
    const reader = new PortableReader();
    reader.addVoices(data.voices);
    let differing = 0;
    const fresh = generateWorld(recipe);
    for (const kind of CONTENTS_KINDS) {
      const read =
        kind === 'checkIns' && data.checkIns ? await checkInsOf(data.checkIns) : reader.records(data.kinds[kind]);
      if (read.length !== fresh[kind].length) differing += Math.abs(read.length - fresh[kind].length);
      for (let i = 0; i < Math.min(read.length, fresh[kind].length); i++)
        if (withTexts(read[i]) !== withTexts(fresh[kind][i])) differing++;
    }
    results[form] = differing;
  }
  console.log(JSON.stringify({ seed: Number(seed), size, differingRecords: results }));
}

/** A3: the world generated in a worker thread, its records sent in batches of 1,000 as the state worker sends them. */
async function inWorker(size = 'large') {
  const { CONTENTS_KINDS } = await load('src/domain/record-kinds.js');
  const { PortableWriter, PortableReader } = await load('fixtures/portable-records.js');
  if (!isMainThread) {
    const { generateWorld } = await load('fixtures/index.js');
    const timed = phases();
    const world = generateWorld({ seed: 42, size: workerData.size, now: NOW_SECONDS });
    timed.mark('generate');
    const writer = new PortableWriter();
    for (const kind of CONTENTS_KINDS)
      for (let i = 0; i < world[kind].length; i += 1000)
        parentPort?.postMessage({
          kind,
          items: writer.records(world[kind].slice(i, i + 1000)),
          voices: writer.newVoices(),
        });
    timed.mark('send');
    const { seed, generatedAt, historyStart, defaultPersonId } = world;
    parentPort?.postMessage({ done: { seed, size, generatedAt, historyStart, defaultPersonId }, wall: timed.wall });
    return;
  }
  const { worldWriter } = await load('fixtures/index.js');
  const { WorldBase } = await load('src/domain/world-base.js');
  const { World } = await load('src/domain/world.js');
  const { Clock } = await load('src/domain/clock.js');
  const { drain } = await load('src/domain/slices.js');
  const timed = phases();
  const worker = new Worker(new URL(import.meta.url), { workerData: { size }, argv: ['worker', size] });
  const reader = new PortableReader();
  const lists = Object.fromEntries(CONTENTS_KINDS.map((kind) => [kind, /** @type {unknown[]} */ ([])]));
  /** @type {import('node:perf_hooks').EventLoopUtilization | null} */
  let before = null;
  /** @type {any} */
  const done = await new Promise((resolve) =>
    worker.on('message', (message) => {
      before ??= performance.eventLoopUtilization();
      if (message.done) return resolve(message);
      reader.addVoices(message.voices);
      for (const record of reader.records(message.items)) lists[message.kind]?.push(record);
    }),
  );
  const receiving = performance.eventLoopUtilization(before ?? undefined);
  timed.mark('generate and receive');
  await worker.terminate();
  const base = drain(WorldBase.build({ ...done.done, ...lists }, worldWriter, 'generated'));
  timed.mark('base');
  new World(base, { clock: new Clock({ now: NOW }) });
  timed.mark('world');
  console.log(
    JSON.stringify({
      worker: done.wall,
      wall: timed.wall,
      cpu: timed.cpu,
      mainBusyReceiving: Math.round(receiving.active),
      rssMiB: rssMiB(),
      load: loadAverage(),
    }),
  );
}

/** The world alone kept in the snapshot's heap, or the server's code and the large world's base. */
const snapshotEntries = (/** @type {string} */ size) => ({
  world: `
import { startupSnapshot } from 'node:v8';
import { generateWorld, worldWriter } from '${DIST}/fixtures/index.js';
import { WorldBase } from '${DIST}/src/domain/world-base.js';
import { World } from '${DIST}/src/domain/world.js';
import { Clock } from '${DIST}/src/domain/clock.js';
const base = new WorldBase(generateWorld({ seed: 42, size: '${size}', now: ${NOW_SECONDS} }), worldWriter, 'generated');
globalThis.__clearIntl1?.();
globalThis.__clearIntl2?.();
startupSnapshot.setDeserializeMainFunction(() => {
  const started = performance.now();
  const world = new World(base, { clock: new Clock({ now: '${NOW}' }) });
  console.log(JSON.stringify({ usableMs: Math.round(performance.now()), worldMs: Math.round(performance.now() - started),
    checkIns: world.store.table('checkIns').size, rssMiB: Math.round(process.memoryUsage().rss / 2 ** 20),
    heapMiB: Math.round(process.memoryUsage().heapUsed / 2 ** 20) }));
});`,
  serve: `
import { startupSnapshot } from 'node:v8';
import { createMock, startServer } from '${DIST}/src/index.js';
import { readServeOptions } from '${DIST}/src/cli/serve-options.js';
import { __specsReady } from '${DIST}/src/spec/spec-source.js';
void (async () => {
  await __specsReady;
  // The base, kept in the process's generated bases (their bound raised below), is what startServer's mock finds.
  const mock = createMock({ seed: 42, size: '${size}', now: '${NOW}' });
  await mock.close?.();
  globalThis.__clearIntl1?.();
  globalThis.__clearIntl2?.();
})();
startupSnapshot.setDeserializeMainFunction(async () => {
  const options = await readServeOptions(['--port', process.argv.at(-1), '--size', '${size}', '--now', '${NOW}'], {});
  const running = await startServer(options);
  console.log('serving', running.baseUrl, Math.round(performance.now()), 'ms after the process started');
});`,
});

/**
 * Builtins Node 20's snapshot builder cannot load (node:http: "methods.toSorted is not a function"): loaded on first
 * use, after the snapshot is deserialized.
 */
const LAZY_BUILTINS = [
  'node:http',
  'node:http2',
  'node:https',
  'node:net',
  'node:worker_threads',
  'node:sea',
  'node:stream',
];
const LAZY =
  'function __lazyBuiltin(n) { let m; const load = () => (m ??= require(n)); return new Proxy({}, { get: (_, k) => load()[k], has: (_, k) => k in load(), ownKeys: () => Reflect.ownKeys(load()), getOwnPropertyDescriptor: (_, k) => { const d = Reflect.getOwnPropertyDescriptor(load(), k); if (d) d.configurable = true; return d; } }); }\n';

/**
 * What a snapshot needs changed, for the study only: no top-level await (the specs loaded before the world), no
 * import.meta (each module's own URL written in), the time zones' Intl formatters emptied before the snapshot is
 * taken (V8 cannot serialize ICU's objects: "global handle not serialized"), and the large base kept for the mock.
 */
const PATCHES = {
  'spec-source.js': (/** @type {string} */ text) =>
    text.replace(
      'export const SPECS = await loadSpecs();',
      'export let SPECS; export const __specsReady = loadSpecs().then((s) => { SPECS = s; });',
    ),
  'generated-bases.js': (/** @type {string} */ text) =>
    text.replace('const GENERATED_BASES_BYTES = 8 * 2 ** 20;', 'const GENERATED_BASES_BYTES = 400 * 2 ** 20;'),
  'calendar.js': (/** @type {string} */ text) => `${text}\nglobalThis.__clearIntl1 = () => formatters.clear();`,
  'echo-schedule.js': (/** @type {string} */ text) => `${text}\nglobalThis.__clearIntl2 = () => SHORT.clear();`,
};

async function snapshotEntry(kind = 'world', out = 'snapshot-entry.cjs', size = 'large') {
  const { build } = await import('esbuild');
  const source = snapshotEntries(size)[/** @type {'world' | 'serve'} */ (kind)];
  if (!source) throw new Error(`snapshot world or serve, not ${kind}`);
  const entry = join(tmpdir(), `standin-snapshot-${kind}.mjs`);
  writeFileSync(entry, source);
  await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    outfile: out,
    logLevel: 'error',
    plugins: [
      {
        name: 'snapshot-patches',
        setup(builder) {
          builder.onLoad({ filter: /\/(dist|node_modules)\/.*\.m?js$/ }, ({ path }) => {
            let text = readFileSync(path, 'utf8');
            const patch = PATCHES[/** @type {keyof typeof PATCHES} */ (path.split('/').pop())];
            if (patch) text = patch(text);
            return {
              contents: text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(path).href)),
              loader: 'js',
            };
          });
        },
      },
    ],
  });
  let bundled = readFileSync(out, 'utf8');
  for (const name of LAZY_BUILTINS) bundled = bundled.replaceAll(`require("${name}")`, `__lazyBuiltin("${name}")`);
  writeFileSync(out, LAZY + bundled);
  console.log(`wrote ${out}: node --snapshot-blob B.blob --build-snapshot ${out}, then node --snapshot-blob B.blob`);
}

/** Spawns COMMAND ARGS… (PORT replaced by a free port) and waits for its tokens, then its first GET /api/v2/me. */
async function firstAnswer(/** @type {string[]} */ argv, hash = false) {
  const port = 20000 + Math.floor(Math.random() * 20000);
  const started = performance.now();
  const [command = 'node', ...args] = argv.map((arg) => arg.replace('PORT', String(port)));
  const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'inherit'], detached: true });
  const base = `http://127.0.0.1:${port}`;
  let token = null;
  for (;;) {
    try {
      if (!token) {
        const tokens = await (await fetch(`${base}/__mock/tokens`)).json();
        token = (tokens.find((/** @type {any} */ each) => each.default) ?? tokens[0]).read_write;
      }
      const me = await fetch(`${base}/api/v2/me`, { headers: { authorization: `Bearer ${token}` } });
      await me.arrayBuffer();
      if (me.status === 200) break;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const ms = Math.round(performance.now() - started);
  const stat = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  const cpu = (Number(stat[11]) + Number(stat[12])) * 10;
  const rss = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1]);
  const figures = { ms, cpuMs: cpu, rssMiB: Math.round(rss / 1024), load: loadAverage() };
  if (hash) {
    const state = async () =>
      createHash('sha256')
        .update(Buffer.from(await (await fetch(`${base}/__mock/state?full=true`)).arrayBuffer()))
        .digest('hex')
        .slice(0, 16);
    const atNow = await state();
    const headers = { 'content-type': 'application/json' };
    const moved = await fetch(`${base}/__mock/clock/advance`, { method: 'POST', headers, body: '{"days":7}' });
    await moved.arrayBuffer();
    Object.assign(figures, { atNow, weekOn: await state(), advance: moved.status });
  }
  console.log(JSON.stringify(figures));
  if (child.pid) process.kill(-child.pid, 'SIGKILL');
}

const [what, ...rest] = isMainThread ? process.argv.slice(2) : ['worker'];
if (what === 'save') await save(rest[0]);
else if (what === 'load') await loadWorld(rest[0], rest[1]);
else if (what === 'same') await same(rest[0], rest[1]);
else if (what === 'worker') await inWorker(rest[0]);
else if (what === 'snapshot') await snapshotEntry(rest[0], rest[1], rest[2]);
else if (what === 'first') await firstAnswer(rest);
else if (what === 'hash') await firstAnswer(rest, true);
else
  console.log('usage: node scripts/world-load-study.mjs save|load|worker|snapshot|first|hash … (see its first lines)');
if (isMainThread) process.exit(0);
