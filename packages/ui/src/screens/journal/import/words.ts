import type { ImportRowError } from './types';

export const count = new Intl.NumberFormat('en-IN');
export const plural = (n: number, one: string, many: string) => `${count.format(n)} ${n === 1 ? one : many}`;

/** Rows with at least one problem: a row can have more than one. */
export const rowsWithErrors = (errors: readonly ImportRowError[]) => new Set(errors.map((e) => e.row)).size;
