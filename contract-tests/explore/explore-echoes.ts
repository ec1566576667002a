// The explorer's Echo steps (issue 37): Echoes the run creates (EC1's defaults for what a create leaves out), edits
// and deletes (EC6: its answers go too), the answers it posts and edits (EC5: listed newest first); and the
// caller's digest as the run's own writes fix it (DG2: the caller's comments on their own updates and every Echo
// answer land; DG3: a deleted record's entries go).
import fc from 'fast-check';
import type { EchoStepKind, ExploreStep } from './explore-step.js';
import { expect, pickOf } from './explore-failure.js';
import type { ExploreModel, ModelEcho } from './explore-model.js';
import type { ExploreTarget } from './explore-target.js';

export const ECHO_NEEDS: Record<EchoStepKind, (m: ExploreModel) => boolean> = {
  createEcho: (m) => m.echoes.length < 2,
  patchEcho: (m) => m.echoes.length > 0,
  deleteEcho: (m) => m.echoes.length > 0,
  postEchoAnswer: (m) => m.echoes.length > 0,
  patchEchoAnswer: (m) => m.echoes.some((e) => e.answers.length > 0),
  listEchoes: (m) => m.echoes.length > 0 || m.deletedEchoes.length > 0,
  listDigest: (m) => m.earliest !== null,
};

type EchoAnswer = Pick<ModelEcho, 'prompt' | 'title' | 'answer_frequency' | 'answer_day' | 'answer_time'> & {
  id: string;
  created_at: string;
};

interface AnswerAnswer {
  id: string;
  body: string | null;
  published_at: string;
}

const SCHEDULE = ['prompt', 'title', 'answer_frequency', 'answer_day', 'answer_time'] as const;

/** The Echo's fields as the model has them (EC1: as given, or the defaults). */
function expectEcho(echo: ModelEcho, answer: EchoAnswer, where: string): void {
  for (const field of SCHEDULE)
    expect(
      answer[field] === echo[field],
      'domain',
      'EC1',
      `${where}: Echo ${echo.id}'s ${field} is ${JSON.stringify(answer[field])}, not ${JSON.stringify(echo[field])} (EC1: as given, or its default)`,
    );
}

/** The Echo's answers: exactly the model's, newest first (EC5). */
async function expectAnswers(target: ExploreTarget, echo: ModelEcho, after: string): Promise<void> {
  const path = `/echo/questions/${echo.id}/answers?per_page=50`;
  const got = await target.call<AnswerAnswer[]>('GET', path);
  expect(got.status === 200, 'http', 'EC5', `GET ${path} answered ${got.status}`);
  const want = [...echo.answers].sort((a, b) => b.seq - a.seq);
  expect(
    got.body.map((a) => `${a.id} ${a.body}`).join() === want.map((a) => `${a.id} ${a.body}`).join(),
    'domain',
    'EC5',
    `GET ${path} ${after} lists ${got.body.map((a) => a.id).join(', ') || 'nothing'}; the answers posted, newest first, with their bodies as last sent, are ${want.map((a) => a.id).join(', ') || 'none'}`,
  );
}

/**
 * The caller's digest entries published since the day before the run's first record (DG1's `since`), each held
 * to it: `since` keeps the entries published on or after that day.
 */
async function digestIds(target: ExploreTarget, model: ExploreModel): Promise<{ ids: Set<string>; whole: boolean }> {
  const day = new Date(Date.parse(model.earliest!) - 86_400_000).toISOString().slice(0, 10);
  const ids = new Set<string>();
  for (let page = 1; page <= 10; page++) {
    const path = `/digest?since=${day}&per_page=50&page=${page}`;
    const got = await target.call<Array<{ resource: { id: string }; published_at: string }>>('GET', path);
    expect(got.status === 200, 'http', 'DG1', `GET /digest?since=${day} answered ${got.status}`);
    const early = got.body.filter((entry) => entry.published_at.slice(0, 10) < day);
    expect(
      early.length === 0,
      'domain',
      'DG1',
      `GET ${path} lists entries published before ${day}: ${early.map((e) => `${e.resource.id} at ${e.published_at}`).join(', ')}`,
    );
    for (const entry of got.body) ids.add(entry.resource.id);
    if (got.body.length < 50) return { ids, whole: true };
  }
  // Ten full pages (a busy server's day): what is not among them may be on the next, so no absence is judged.
  return { ids, whole: false };
}

/** Every Echo, every page (a world holds a handful); the order checked as the spec gives it (oldest first). */
async function listedEchoes(target: ExploreTarget): Promise<Array<{ id: string; created_at: string }>> {
  const listed: Array<{ id: string; created_at: string }> = [];
  for (let page = 1; page <= 10; page++) {
    const got = await target.call<Array<{ id: string; created_at: string }>>(
      'GET',
      `/echo/questions?per_page=50&page=${page}`,
    );
    expect(got.status === 200, 'http', 'G4', `GET /echo/questions?page=${page} answered ${got.status}`);
    listed.push(...got.body);
    if (got.body.length < 50) break;
  }
  return listed;
}

/**
 * DG2 and DG3: the caller's digest holds the run's comments on their own records and every Echo answer, the
 * caller's own updates only where they @mention them, and nothing deleted.
 */
async function listDigestStep(model: ExploreModel, target: ExploreTarget): Promise<void> {
  const { ids: listed, whole } = await digestIds(target, model);
  // The run's comments on its updates and on the caller's own check-ins (on another's, one lands only in a
  // thread that mentions the caller, which the model cannot tell of the world's texts).
  const comments = [
    ...model.updates().flatMap(({ update }) => update.comments.map((c) => c.id)),
    ...model.checkInThreads
      .filter((t) => t.whose === 'own')
      .flatMap((t) => t.comments.filter((c) => !c.before).map((c) => c.id)),
  ];
  const answers = model.echoes.flatMap((e) => e.answers.map((a) => a.id));
  const missing = whole ? [...comments, ...answers].filter((id) => !listed.has(id)) : [];
  expect(
    missing.length === 0,
    'domain',
    'DG2',
    `GET /digest leaves out ${missing.join(', ')}: the caller's comments on their own goal updates and check-ins, and every Echo answer published, land in it`,
  );
  // DG2: the caller's own update lands only when its text @mentions them (not a longer name, not in a word).
  const wrong = model
    .updates()
    .filter(({ update }) => listed.has(update.id) !== update.mentionsMe && (whole || listed.has(update.id)));
  expect(
    wrong.length === 0,
    'domain',
    'DG2',
    `GET /digest ${wrong.map(({ update }) => `${listed.has(update.id) ? 'lists' : 'leaves out'} update ${update.id}`).join(', ')}; ` +
      "the caller's own goal update lands only when its body @mentions them (`@username`; that `@usernamex` and " +
      "`x@username` are not mentions is standin's reading of DG2, which production's documents leave open)",
  );
  const gone = [...model.deletedComments, ...model.deletedEchoAnswers, ...model.deletedUpdates].filter((id) =>
    listed.has(id),
  );
  expect(gone.length === 0, 'domain', 'DG3', `GET /digest still lists deleted records ${gone.join(', ')}`);
}

/** Runs an Echo or digest step; false when the step is not one. */
export async function runEchoStep(step: ExploreStep, model: ExploreModel, target: ExploreTarget): Promise<boolean> {
  switch (step.kind) {
    case 'createEcho': {
      const prompt = target.title(step.word ?? 'echo');
      const body = { prompt, ...(step.frequency === undefined ? {} : { answer_frequency: step.frequency }) };
      const made = await target.call<EchoAnswer>('POST', '/echo/questions', body);
      expect(made.status === 201, 'http', 'EC1', `POST /echo/questions answered ${made.status}`);
      target.createdEcho(made.body.id);
      model.saw(made.body.created_at);
      const echo: ModelEcho = {
        id: made.body.id,
        prompt,
        title: prompt,
        answer_frequency: step.frequency ?? 'weekly',
        answer_day: 'monday',
        answer_time: '09:00',
        answers: [],
      };
      expectEcho(echo, made.body, 'POST /echo/questions');
      model.echoes.push(echo);
      return true;
    }
    case 'patchEcho': {
      const echo = pickOf(model.echoes, step.pick);
      const body = {
        ...(step.word === undefined ? {} : { title: target.title(step.word) }),
        ...(step.frequency === undefined ? {} : { answer_frequency: step.frequency }),
      };
      const got = await target.call<EchoAnswer>('PATCH', `/echo/questions/${echo.id}`, body);
      expect(
        got.status === 200,
        'http',
        'EC7',
        `PATCH /echo/questions/${echo.id} by its creator answered ${got.status}`,
      );
      Object.assign(echo, body);
      expectEcho(echo, got.body, `PATCH /echo/questions/${echo.id} with ${JSON.stringify(body)}`);
      const read = await target.call<EchoAnswer>('GET', `/echo/questions/${echo.id}`);
      expectEcho(echo, read.body, `GET /echo/questions/${echo.id} after its PATCH`);
      return true;
    }
    case 'deleteEcho': {
      const echo = pickOf(model.echoes, step.pick);
      const got = await target.call('DELETE', `/echo/questions/${echo.id}`);
      expect(got.status === 204, 'http', 'EC6', `DELETE /echo/questions/${echo.id} answered ${got.status}`);
      model.echoes.splice(model.echoes.indexOf(echo), 1);
      model.deletedEchoes.push(echo.id);
      model.deletedEchoAnswers.push(...echo.answers.map((a) => a.id));
      for (const path of [
        `/echo/questions/${echo.id}`,
        `/echo/questions/${echo.id}/answers`,
        ...echo.answers.map((a) => `/echo/answers/${a.id}`),
      ]) {
        const again = await target.call('GET', path);
        expect(
          again.status === 404,
          'http',
          'EC6',
          `GET ${path} after DELETE /echo/questions/${echo.id} answered ${again.status}`,
        );
      }
      return true;
    }
    case 'postEchoAnswer': {
      const echo = pickOf(model.echoes, step.pick);
      const body = target.title(step.word ?? 'answer');
      const got = await target.call<AnswerAnswer>('POST', `/echo/questions/${echo.id}/answers`, { body });
      expect(got.status === 201, 'http', 'EC5', `POST /echo/questions/${echo.id}/answers answered ${got.status}`);
      echo.answers.push({ id: got.body.id, body, seq: model.next() });
      model.saw(got.body.published_at);
      await expectAnswers(target, echo, 'after a POST');
      return true;
    }
    case 'patchEchoAnswer': {
      const echo = pickOf(
        model.echoes.filter((e) => e.answers.length > 0),
        step.pick,
      );
      const answer = pickOf(echo.answers, step.pick);
      const body = target.title(step.word ?? 'edited');
      const got = await target.call<AnswerAnswer>('PATCH', `/echo/answers/${answer.id}`, { body });
      expect(
        got.status === 200,
        'http',
        'EC5',
        `PATCH /echo/answers/${answer.id} by the Echo's creator answered ${got.status}`,
      );
      answer.body = body;
      await expectAnswers(target, echo, 'after a PATCH');
      return true;
    }
    case 'listEchoes': {
      const listed = await listedEchoes(target);
      const ids = new Set(listed.map((e) => e.id));
      const missing = model.echoes.filter((e) => !ids.has(e.id)).map((e) => e.id);
      expect(
        missing.length === 0,
        'http',
        'EC1',
        `GET /echo/questions leaves out the run's Echoes ${missing.join(', ')}`,
      );
      const gone = model.deletedEchoes.filter((id) => ids.has(id));
      expect(gone.length === 0, 'http', 'EC6', `GET /echo/questions still lists deleted Echoes ${gone.join(', ')}`);
      const backwards = listed.findIndex((e, i) => i > 0 && e.created_at < listed[i - 1]!.created_at);
      expect(
        backwards === -1,
        'domain',
        'G4',
        `GET /echo/questions lists ${listed[backwards]?.id} (created ${listed[backwards]?.created_at}) after one created ${listed[backwards - 1]?.created_at}; Echoes are listed oldest first`,
      );
      return true;
    }
    case 'listDigest':
      await listDigestStep(model, target);
      return true;
    default:
      return false;
  }
}

export function echoStepArbitraries(): Array<fc.Arbitrary<ExploreStep>> {
  const pick = fc.nat({ max: 1000 });
  const word = fc.constantFrom('alpha', 'bravo', 'charlie');
  const frequency = fc.constantFrom<string | undefined>(undefined, 'daily', 'weekly', 'biweekly', 'monthly');
  return [
    fc.record({ kind: fc.constant('createEcho' as const), word, frequency }),
    fc.record({ kind: fc.constant('patchEcho' as const), pick, word: fc.option(word, { nil: undefined }), frequency }),
    fc.record({ kind: fc.constant('deleteEcho' as const), pick }),
    fc.record({ kind: fc.constant('postEchoAnswer' as const), pick, word }),
    fc.record({ kind: fc.constant('postEchoAnswer' as const), pick, word }),
    fc.record({ kind: fc.constant('patchEchoAnswer' as const), pick, word }),
    // One slot for both lists (as for the check-ins' reads): the steps that write keep their share.
    fc.record({ kind: fc.constantFrom('listEchoes' as const, 'listDigest' as const) }),
  ];
}
