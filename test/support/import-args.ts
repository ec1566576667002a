// The command line of an in-process `standin import` in the tests of it: where it reads, as whom, since when,
// and where it writes its world, cache and salt, in the flags src/cli/import.ts reads.
/** What an import reads and where it keeps what it read. */
export interface ImportRun {
  baseUrl: string;
  token: string;
  out: string;
  since: string;
  cache: string;
  saltFile: string;
}

/**
 * The arguments of `standin import` for `run`, then `extra` (`--comments`, `--max-requests 150`, ...).
 * @example await runImport(importArgs({ baseUrl, token, out, since: '2026-10-21', cache, saltFile }, '--comments'), io)
 */
export function importArgs(run: ImportRun, ...extra: string[]): string[] {
  const { baseUrl, token, out, since, cache, saltFile } = run;
  return [
    '--base-url',
    baseUrl,
    '--token',
    token,
    '--out',
    out,
    '--since',
    since,
    '--cache',
    cache,
    '--salt-file',
    saltFile,
    ...extra,
  ];
}
