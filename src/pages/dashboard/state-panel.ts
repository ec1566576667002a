// Reset and snapshots (#state): a reset asked for twice, the second time in a dialog naming the world (MK2), and
// the snapshots to take, restore and delete.
import type { components } from '../../types/control.js';
import { act } from './actions.js';
import { $, button, text } from './dom.js';
import { control, session } from './fetching.js';

/**
 * Reads the snapshots and lists them, each with its restore and delete buttons.
 * @example await showSnapshots()
 */
export async function showSnapshots(): Promise<void> {
  const snapshots = await control<Array<components['schemas']['Snapshot']>>('GET', '/snapshots');
  $('snapshots').replaceChildren(
    ...(snapshots.length === 0 ? [text('li', 'No snapshots yet.', 'empty')] : []),
    ...snapshots.map((snapshot) => {
      const item = text('li', `${snapshot.name} (clock ${snapshot.now}) `);
      item.dataset.snapshot = snapshot.name;
      const name = encodeURIComponent(snapshot.name);
      item.append(
        button(
          'restore',
          () => void act(`Restored ${snapshot.name}.`, () => control('POST', `/snapshots/${name}/restore`)),
        ),
        ' ',
        button('delete', () => void act(`Deleted ${snapshot.name}.`, () => control('DELETE', `/snapshots/${name}`))),
      );
      return item;
    }),
  );
}

/**
 * Wires the reset button and its dialog, and the snapshot form.
 * @example wireState()
 */
export function wireState(): void {
  // A reset throws away every change: it is asked for twice, the second time in a dialog naming the world.
  const resetDialog = $<HTMLDialogElement>('reset-dialog');
  $('reset').addEventListener('click', () => {
    $('reset-world').textContent = session() ? `the world of session ${session()}` : 'the shared world';
    resetDialog.showModal();
  });
  $('reset-cancel').addEventListener('click', () => resetDialog.close());
  $('reset-confirm').addEventListener('click', () => {
    resetDialog.close();
    void act('The world is as generated again.', () => control('POST', '/reset'));
  });
  $('snapshot-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const name = $<HTMLInputElement>('snapshot-name').value.trim() || `snapshot-${Date.now()}`;
    void act(`Took ${name}.`, () => control('PUT', `/snapshots/${encodeURIComponent(name)}`));
  });
}
