// `standin contract`'s progress, drawn on stderr while the run goes: a line per rule group with one mark per
// check (· passed, ✗ failed, - not run), so that a long run shows where it is and a failure shows at once.
// The report itself goes to stdout, so that it can be piped or parsed apart from this.
import type { ContractEvent, ContractReporter } from '../../contract-tests/kit/progress.js';

/** Marks per line: the operations group's ~200 checks wrap instead of running off a 120-column terminal. */
const MARKS_PER_LINE = 60;
const TITLE_WIDTH = 38;
const MARK = { passed: '·', failed: '✗', 'not run': '-' } as const;

/**
 * A reporter that writes the run's progress to a stream.
 * @example await checkContract(options, { onProgress: progressOn(process.stderr) });
 */
export function progressOn(stream: { write(text: string): unknown }): ContractReporter {
  let left = 0;
  let drawn = 0;
  return (event: ContractEvent) => {
    switch (event.type) {
      case 'run': {
        const setUp = event.setUpFailures > 0 ? ` (set-up: ${event.setUpFailures} failed)` : '';
        stream.write(`standin contract: running ${event.checks} checks${setUp}\n`);
        break;
      }
      case 'group':
        left = event.checks;
        drawn = 0;
        // A group --rules emptied is not drawn: the report's table shows it with its zeros.
        if (left > 0) stream.write(`  ${event.title.padEnd(TITLE_WIDTH)}`);
        break;
      case 'check':
        left--;
        drawn++;
        stream.write(MARK[event.result.outcome]);
        if (left === 0) stream.write('\n');
        else if (drawn % MARKS_PER_LINE === 0) stream.write(`\n  ${' '.repeat(TITLE_WIDTH)}`);
        break;
      case 'cleanup':
        if (left > 0) stream.write('\n');
        stream.write('standin contract: removing what the run created\n');
        break;
    }
  };
}
