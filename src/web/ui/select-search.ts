import { isValidElement, type ReactNode } from 'react';

/** Text as a search compares it: lower case, without accents or the tilde ('Depilación' and 'DEPILACION' match). */
export const foldText = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** The words a label shows, also when it is an element ('<Tag>Oro</Tag> Ana'). */
export function labelText(label: ReactNode): string {
  if (label === null || label === undefined || typeof label === 'boolean') return '';
  if (typeof label === 'string' || typeof label === 'number') return String(label);
  if (Array.isArray(label)) return label.map(labelText).join(' ');
  if (isValidElement<{ children?: ReactNode }>(label)) return labelText(label.props.children);
  return '';
}

/** An option as antd hands it to the filter: its label, or the children of a `<Select.Option>`; a group's children are options (no text). */
type Searchable = { label?: ReactNode; title?: string; children?: unknown };

/** Whether an option answers what was typed: part of its label (or title) in any case, with or without accents. */
export function optionMatches(input: string, option?: Searchable): boolean {
  if (!option) return false;
  const wanted = foldText(input.trim());
  if (!wanted) return true;
  return foldText(`${labelText(option.label ?? (option.children as ReactNode))} ${option.title ?? ''}`).includes(wanted);
}

/**
 * Every Select of the app chooses by typing (issue 30): the theme's default (main.tsx) and SearchSelect's. A select
 * whose options the server searches keeps its own `showSearch={{ filterOption: false, onSearch }}`.
 */
export const SEARCH_BY_LABEL = { filterOption: optionMatches } as const;
