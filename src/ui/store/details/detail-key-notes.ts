/** What the details say of keys that act on the list, not in them (Enter on a page, the list's export key). */
import { keyNamed, listKey } from '../../keys/help.js';
import { activeBindings, type Command } from '../../keys/bindings.js';

export const pageDetailsOpenNothing = (): string => `Nothing opens from a page's details: ${keyNamed('back', 'detail')} goes back to the list.`;

export const exportIsTheLists = (): string => `${listKey('export')} exports the list: ${keyNamed('back', 'detail')} goes back to it first.`;

/** Any other key of the list pressed in the details: `/ (filter) acts on the list: Esc goes back to it first.` */
export function actsOnTheList(command: Command): string {
  const description = activeBindings().find((b) => b.command === command && b.contexts.includes('list'))?.description;
  return `${listKey(command)}${description ? ` (${description})` : ''} acts on the list: ${keyNamed('back', 'detail')} goes back to it first.`;
}
