// npm run path: the steps a request runs through the mock, in order, as the mock runs them (describeRequestPath,
// src/http/request-paths.ts): the front's, its area's guards, its operation's and its handler, or a 405's or a
// 404's. A path as the spec writes it (any parameter name) or as sent.
//
// Usage: npm run path -- POST '/api/v2/goals/{goal_id}/goal-updates'   (add --control-token X for the controls')
import { parseArgs } from 'node:util';
import { createMock } from '../dist/src/http/app.js';
import { describeRequestPath } from '../dist/src/http/request-paths.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { 'control-token': { type: 'string' } },
});
const [method, path] = positionals;
if (!method || !path || positionals.length !== 2) {
  process.stderr.write(
    "usage: npm run path -- METHOD PATH   e.g. npm run path -- POST '/api/v2/goals/{goal_id}/goal-updates'\n",
  );
  process.exit(2);
}
const mock = createMock(values['control-token'] ? { controlToken: values['control-token'] } : {});
const names = describeRequestPath(mock, method, path);
process.stdout.write(
  [`${method.toUpperCase()} ${path}`, ...names.map((name, i) => `${String(i + 1).padStart(2)}. ${name}`)].join('\n') +
    '\n',
);
mock.close();
