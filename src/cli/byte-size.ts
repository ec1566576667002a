// Owns how the command line writes a size in bytes (512MiB, 2GiB, 300KB: binary units either way), for standin
// serve's --memory-budget and standin import's --max-bytes alike.

/**
 * A size's bytes, or null when the text is no size such as 512MiB or 2GiB.
 * @example byteSize('300KiB') // 307200
 */
export function byteSize(text: string): number | null {
  const match = /^(\d+)\s*(k|m|g)i?b?$/i.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 2 ** { k: 10, m: 20, g: 30 }[match[2]!.toLowerCase() as 'k' | 'm' | 'g'];
}
