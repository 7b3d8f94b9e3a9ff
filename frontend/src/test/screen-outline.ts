import { computeAccessibleName, getRole } from 'dom-accessibility-api';

/** Roles whose accessible name a person relies on to find or operate something. */
const NAMED_ROLES = new Set([
  'button',
  'link',
  'textbox',
  'combobox',
  'checkbox',
  'radio',
  'spinbutton',
  'slider',
  'switch',
  'tab',
  'dialog',
  'alertdialog',
  'form',
  'navigation',
  'region',
  'table',
  'columnheader',
  'rowheader',
  'heading',
  'img',
  'status',
  'alert',
]);

/**
 * What a person meets on a screen, in reading order: each named control or landmark as `role "name"` and each
 * visible text as itself. Screens are snapshotted as this outline before a rewrite and compared after, so a
 * refactor that changes a word, a label or an accessible name fails its test; markup and class names may change.
 */
export function screenOutline(root: Element = document.body): string[] {
  const lines: string[] = [];
  // Adjacent text nodes are one text to a reader ("{count} new" renders as two nodes).
  let text = '';
  const flush = () => {
    const line = text.replace(/\s+/g, ' ').trim();
    if (line) lines.push(line);
    text = '';
  };
  const visit = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) {
      text += node.textContent ?? '';
      return;
    }
    flush();
    if (!(node instanceof Element)) return;
    if (node.getAttribute('aria-hidden') === 'true' || node.tagName === 'SCRIPT' || node.tagName === 'STYLE') return;
    const role = getRole(node);
    if (role && NAMED_ROLES.has(role)) {
      const value =
        node instanceof HTMLInputElement || node instanceof HTMLTextAreaElement || node instanceof HTMLSelectElement ? node.value : null;
      const state =
        node instanceof HTMLInputElement && (node.type === 'checkbox' || node.type === 'radio') ? (node.checked ? ' [x]' : ' [ ]') : '';
      lines.push(`${role} "${computeAccessibleName(node)}"${value !== null && !state ? ` = "${value}"` : ''}${state}`);
    }
    node.childNodes.forEach(visit);
    flush();
  };
  visit(root);
  flush();
  return lines;
}

/**
 * Each text box's label, whether it is marked required and how long it may be: what a reader is told and what the
 * box lets in, which the outline does not show.
 */
export function fieldLimits(root: Element = document.body): string[] {
  return Array.from(root.querySelectorAll('input:not([type=color]):not([type=checkbox]), textarea')).map((box) => {
    const label = box.id ? root.querySelector(`label[for="${box.id}"]`)?.textContent : box.closest('label')?.textContent;
    return `${label}: ${box.hasAttribute('required') ? 'required' : 'optional'}, max ${box.getAttribute('maxlength') ?? '-'}`;
  });
}
