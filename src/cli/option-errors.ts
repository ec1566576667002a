// What a command line gets wrong, said in one line: parseArgs' unknown-option and missing-value errors
// rewritten for a person, with the option (or command) they most likely meant, and a negative number read as
// the value it was meant to be rather than as an option.
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { closestName } from '../spec/closest-name.js';

/**
 * The known option closest to `given`, if it is close enough to be a typo (or a prefix of one).
 * @example closestOption('--prot', ['port', 'host']) // '--port'
 */
export function closestOption(given: string, known: readonly string[]): string | undefined {
  const option = closestName(given.replace(/^-+/, '').split('=')[0] ?? '', known, { prefixes: true });
  return option && `--${option}`;
}

/**
 * An unknown command as one line, with the command likely meant.
 * @example commandError('serv', ['serve', 'contract']) // 'unknown command "serv": did you mean standin serve?'
 */
export function commandError(given: string, known: readonly string[]): string {
  const meant = closestName(given, known, { prefixes: true });
  return `unknown command "${given}"${meant ? `: did you mean standin ${meant}?` : `; the commands are ${known.length > 1 ? `${known.slice(0, -1).join(', ')} and ${known.at(-1)}` : known.join('')}`}`;
}

/**
 * `--seed -1` as `--seed=-1`: parseArgs takes a value starting with a dash for an option and refuses it as
 * ambiguous, so the check of the value (and its hint) would never see it. Only numbers are joined: `--port
 * --host` stays a missing value.
 * @example negativeValuesJoined(['--seed', '-1'], ['seed']) // ['--seed=-1']
 */
export function negativeValuesJoined(argv: readonly string[], valued: readonly string[]): string[] {
  const joined: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const next = argv[i + 1];
    if (next !== undefined && /^-\d/.test(next) && valued.includes(arg.replace(/^--/, '')) && arg.startsWith('--')) {
      joined.push(`${arg}=${next}`);
      i++;
    } else joined.push(arg);
  }
  return joined;
}

/**
 * A parseArgs error as one line for a person: the unknown option with the one they likely meant.
 * @example optionError(error, ['port', 'host']) // 'unknown option --prot: did you mean --port?'
 */
export function optionError(error: unknown, known: readonly string[]): string {
  const { code, message } = error as { code?: string; message: string };
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const given = /'(-[^']*)'/.exec(message)?.[1] ?? message;
    const guess = closestOption(given, known);
    return `unknown option ${given}${guess ? `: did you mean ${guess}?` : ''}`;
  }
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
    const option = /'(-[^ ']*)/.exec(message)?.[1];
    if (option) return `${option} needs a value: ${option} VALUE`;
  }
  return message;
}

type OptionsConfig = NonNullable<ParseArgsConfig['options']>;
type ParsedOptions<T extends OptionsConfig> = ReturnType<
  typeof parseArgs<{ args: string[]; options: T; allowPositionals: false; strict: true }>
>;

/**
 * A command's options read with parseArgs, no positionals; a mistake as `usage(one line)`, for the command to say
 * with its pointer to --help.
 * @example const { values } = commandOptions(argv, { port: { type: 'string' } }, (m) => new ProxyUsageError(m))
 */
export function commandOptions<const T extends OptionsConfig>(
  argv: string[],
  options: T,
  usage: (message: string) => Error,
): ParsedOptions<T> {
  try {
    return parseArgs({ args: argv, options, allowPositionals: false, strict: true });
  } catch (error) {
    throw usage(optionError(error, Object.keys(options)));
  }
}

/**
 * A command's arguments, or the exit code it ends with before doing anything: 2 after one line naming the mistake
 * (a `usageError`) and pointing to --help, 0 after printing `usage` for --help. Other errors are thrown on.
 * @example const args = argsOrExit('proxy', () => readProxyArgs(argv), ProxyUsageError, PROXY_USAGE, io);
 */
export function argsOrExit<A extends object>(
  command: string,
  read: () => A | 'help',
  usageError: abstract new (message: string) => Error,
  usage: string,
  say: { stdout(text: string): void; stderr(text: string): void },
): A | number {
  let args: A | 'help';
  try {
    args = read();
  } catch (error) {
    if (!(error instanceof usageError)) throw error;
    say.stderr(`standin ${command}: ${error.message} (standin ${command} --help lists the options)\n`);
    return 2;
  }
  if (args !== 'help') return args;
  say.stdout(`${usage}\n`);
  return 0;
}
