// The messages between the page (./import-job.ts) and the import worker (./import.worker.ts).
import type { ImportStep } from '@bahi/ui';
import type { TradesChange } from '../data/journal-data';
import type { CommitProgress, CommitResult, ImportFile, ReadRequest } from './import-pipeline';
import type { ChangeOutcome, JournalChange } from './journal-changes';

/** Where the data API is and who calls it: the token is the page's session's at the time of the request. */
export interface Caller {
  url: string;
  key: string;
  token: string | null;
}

export type ToWorker =
  | ({ type: 'read'; caller: Caller } & ReadRequest)
  | { type: 'commit'; caller: Caller; file: Omit<ImportFile, 'kind' | 'rowsTotal' | 'rowsSkipped' | 'duplicates'> }
  | { type: 'change'; id: number; caller: Caller; change: JournalChange }
  | { type: 'forget' };

export type FromWorker =
  | { type: 'phase'; phase: 'parse' | 'match' }
  | { type: 'read'; step: Extract<ImportStep, { step: 'choose' | 'preview' }> }
  | { type: 'progress'; progress: CommitProgress }
  | { type: 'committed'; result: CommitResult; change: TradesChange; duplicates: number; rowsWithErrors: number }
  | { type: 'failed'; message: string; saved: boolean }
  | { type: 'changed'; id: number; outcome: ChangeOutcome }
  | { type: 'change-failed'; id: number; message: string };
