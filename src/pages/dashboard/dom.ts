// The shell's elements and the few kinds of element the dashboard makes: found by id (a missing one is a bug of
// the shell, said at once), text in a tag, and a button.

/**
 * The shell's element with this id; the page is broken without it, so a missing one throws.
 * @example $<HTMLInputElement>('advance-days').value
 */
export function $<T extends HTMLElement = HTMLElement>(id: string): T {
  const found = document.getElementById(id);
  if (!found) throw new Error(`the dashboard has no #${id}`);
  return found as T;
}

/**
 * A `tag` holding `content` as text (never as HTML: the world's strings are anyone's).
 * @example list.append(text('li', 'No snapshots yet.', 'empty'))
 */
export function text(tag: string, content: string, className?: string): HTMLElement {
  const element = document.createElement(tag);
  element.textContent = content;
  if (className) element.className = className;
  return element;
}

/**
 * A button that runs `onClick`.
 * @example item.append(button('drop', () => void drop()))
 */
export function button(label: string, onClick: () => void, className?: string): HTMLButtonElement {
  const element = document.createElement('button');
  element.type = 'button';
  element.textContent = label;
  if (className) element.className = className;
  element.addEventListener('click', onClick);
  return element;
}
