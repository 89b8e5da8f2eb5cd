/** What the details say of keys that act on the list, not in them (Enter on a page, the list's export key). */
import { keyNamed, listKey } from '../../keys/help.js';

export const pageDetailsOpenNothing = (): string => `Nothing opens from a page's details: ${keyNamed('back', 'detail')} goes back to the list.`;

export const exportIsTheLists = (): string => `${listKey('export')} exports the list: ${keyNamed('back', 'detail')} goes back to it first.`;
