// The entry of `npm run world:report` (world-report.ts): prints the report and exits with its code.
import { worldReport } from './world-report.js';

const { text, code } = await worldReport(process.argv.slice(2));
(code === 2 ? process.stderr : process.stdout).write(`${text}\n`);
process.exitCode = code;
