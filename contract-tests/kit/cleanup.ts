// Records the kit created, removed at the end of a run — also after a failure or an interrupt — newest first.
export class Cleanup {
  readonly #undo: Array<{ label: string; run: () => Promise<unknown> }> = [];

  /** Registers how to remove or restore something the kit changed. */
  add(label: string, run: () => Promise<unknown>): void {
    this.#undo.push({ label, run });
  }

  /** Runs every undo step, newest first; failures are collected, not thrown, so every step gets its turn. */
  async run(): Promise<string[]> {
    const failures: string[] = [];
    while (this.#undo.length > 0) {
      const step = this.#undo.pop()!;
      try {
        await step.run();
      } catch (error) {
        failures.push(`${step.label}: ${(error as Error).message}`);
      }
    }
    return failures;
  }
}
