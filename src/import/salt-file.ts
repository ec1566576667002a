// Owns standin import's salt as a file (--salt-file): read from it, or made (32 random bytes, as hex) and kept there,
// readable by its owner only. The same salt and source write the same bytes; with it, anyone holding the source
// could link the world back to it, so it is made beside the cache of what was read, in a folder of the owner's own.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** The shortest salt taken: a keyed hash of a shorter key could be searched for. */
export const MIN_SALT_BYTES = 16;

/**
 * The salt kept in `file`, made there first when it is missing (`onMade` told so).
 * @example const salt = saltFromFile('.standin-import/salt', (file) => console.error(`made a new salt in ${file}`))
 */
export function saltFromFile(file: string, onMade: (file: string) => void): Buffer {
  if (existsSync(file)) {
    const salt = readFileSync(file);
    if (salt.length < MIN_SALT_BYTES)
      throw new Error(`the salt in ${file} is ${salt.length} bytes; a salt needs ${MIN_SALT_BYTES} or more`);
    return salt;
  }
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  // wx: created here or not at all, never written through a link planted at its name.
  writeFileSync(file, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  onMade(file);
  return readFileSync(file);
}
