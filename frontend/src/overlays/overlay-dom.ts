/** A tiny element builder: overlays render with the DOM directly to stay far below their 60 KB budget. */
type Child = Node | string | number | null | undefined | false;

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: { className?: string; text?: string; testId?: string; attrs?: Record<string, string> } = {},
  children: Child[] = [],
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (props.className) node.className = props.className;
  if (props.text !== undefined) node.textContent = props.text;
  if (props.testId) node.dataset.testid = props.testId;
  for (const [name, value] of Object.entries(props.attrs ?? {})) node.setAttribute(name, value);
  for (const child of children)
    if (child !== null && child !== undefined && child !== false) node.append(typeof child === 'number' ? String(child) : child);
  return node;
}

/** Replaces a node's children. */
export function fill(node: Element, children: Child[]): void {
  node.replaceChildren();
  for (const child of children)
    if (child !== null && child !== undefined && child !== false) node.append(typeof child === 'number' ? String(child) : child);
}

/** Shows a panel with these children, or hides it when there is nothing to show. */
export function showPanel(panel: HTMLElement, children: Child[] | null): void {
  panel.hidden = !children;
  if (children) fill(panel, children);
}

/** Keeps a clock's text current: every second, the text for now, or no change while there is nothing to time. */
export function tickClock(clock: HTMLElement, text: (now: number) => string | null): void {
  setInterval(() => {
    const next = text(Date.now());
    if (next !== null) clock.textContent = next;
  }, 1000);
}
