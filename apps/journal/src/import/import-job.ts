// The page's one import at a time: the import dialog's flow (choose → (map columns) → read → preview → save in parts
// → done or failed) kept outside any component, so it goes on when the dialog closes or the trader opens another
// page, and the shell can show how far it is. Reading, planning and saving run in the import worker; this module
// holds the state between steps and tells its listeners. It stays light (no parsers, no planning): the shell loads it.
import type { ImportSourceId, ImportStep, MapperField } from '@bahi/ui';
import type { TradesChange } from '../data/journal-data';
import { currentAccessToken } from '../data/supabase';
import { appConfig } from '../shared/config';
import type { Caller, FromWorker, ToWorker } from './import-messages';
import type { ImportSource } from './import-source';
import type { ChangeOutcome, JournalChange } from './journal-changes';

/** The sources' helpers (a CSV parser among them) load with the first file, not with every page's shell. */
const sources = () => import('./import-source');

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

export interface ImportJobSnapshot {
  source: ImportSourceId;
  state: ImportStep;
  /** Whether the import dialog is on screen (the shell shows the progress elsewhere when it is not). */
  dialogOpen: boolean;
}

/** A file (or part of one) saved: with what it did to the trades when all of it was. */
type Saved = (result: { tradesCreated: number; change?: TradesChange }) => void;

/** Seconds left from the pace so far: after the first part, trades still to write at the rate written. */
export function secondsLeft(elapsedMs: number, trades: number, tradesTotal: number): number | undefined {
  if (trades <= 0 || tradesTotal <= trades) return undefined;
  return Math.max(1, Math.round(((tradesTotal - trades) * elapsedMs) / trades / 1000));
}

class ImportJob {
  #snapshot: ImportJobSnapshot = { source: 'zerodha', state: { step: 'choose' }, dialogOpen: false };
  #file: { name: string; content: ArrayBuffer } | null = null;
  #worker: Worker | null = null;
  #listeners = new Set<() => void>();
  #saved = new Set<Saved>();
  #commitStarted = 0;
  #changes = new Map<number, { resolve: (outcome: ChangeOutcome) => void; reject: (e: Error) => void }>();
  #nextChange = 1;

  readonly subscribe = (listener: () => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  readonly snapshot = () => this.#snapshot;

  /** Called after a file (or part of one) is saved, wherever the trader is: the journal's queries refresh. */
  onSaved(listener: Saved): () => void {
    this.#saved.add(listener);
    return () => this.#saved.delete(listener);
  }

  get busy(): boolean {
    return this.#snapshot.state.step === 'working';
  }

  #set(next: Partial<ImportJobSnapshot>) {
    this.#snapshot = { ...this.#snapshot, ...next };
    for (const listener of this.#listeners) listener();
  }

  #setState(state: ImportStep) {
    this.#set({ state });
  }

  setDialogOpen(open: boolean) {
    if (open !== this.#snapshot.dialogOpen) this.#set({ dialogOpen: open });
  }

  setSource(source: ImportSourceId) {
    if (this.busy) return;
    this.#set({ source, state: { step: 'choose' } });
  }

  async #caller(): Promise<Caller> {
    return { url: appConfig.supabaseUrl, key: appConfig.supabaseAnonKey, token: await currentAccessToken() };
  }

  #post(request: ToWorker, transfer: Transferable[] = []) {
    if (!this.#worker) {
      this.#worker = new Worker(new URL('./import.worker.ts', import.meta.url), { type: 'module' });
      this.#worker.addEventListener('message', (event: MessageEvent<FromWorker>) => this.#heard(event.data));
      this.#worker.addEventListener('error', (event) => {
        const why = event.message || 'the worker failed';
        for (const pending of this.#changes.values()) pending.reject(new Error(`The change stopped: ${why}.`));
        this.#changes.clear();
        this.#setState({ step: 'choose', error: `The import stopped: ${why}.` });
      });
    }
    this.#worker.postMessage(request, transfer);
  }

  #heard(reply: FromWorker) {
    if (reply.type === 'changed' || reply.type === 'change-failed') {
      const pending = this.#changes.get(reply.id);
      this.#changes.delete(reply.id);
      if (reply.type === 'changed') pending?.resolve(reply.outcome);
      else pending?.reject(new Error(reply.message));
      return;
    }
    const state = this.#snapshot.state;
    const fileName = this.#file?.name ?? 'file';
    switch (reply.type) {
      case 'phase':
        this.#setState({ step: 'working', fileName, phase: reply.phase, done: 0, total: 1 });
        return;
      case 'read':
        this.#setState(reply.step);
        return;
      case 'progress': {
        const { done, total, trades, tradesTotal } = reply.progress;
        const left = secondsLeft(performance.now() - this.#commitStarted, trades, tradesTotal);
        this.#setState({
          step: 'working',
          fileName: state.step === 'working' ? state.fileName : fileName,
          phase: 'upload',
          done,
          total,
          trades,
          tradesTotal,
          ...(left === undefined ? {} : { secondsLeft: left }),
        });
        return;
      }
      case 'committed':
        this.#setState({
          step: 'done',
          fileName,
          tradesCreated: reply.result.tradesCreated,
          executionsCreated: reply.result.executionsCreated,
          duplicates: reply.duplicates,
          rowsWithErrors: reply.rowsWithErrors,
        });
        for (const listener of this.#saved)
          listener({ tradesCreated: reply.result.tradesCreated, change: reply.change });
        return;
      case 'failed':
        this.#setState({ step: 'failed', fileName, message: reply.message });
        if (reply.saved) for (const listener of this.#saved) listener({ tradesCreated: 0 });
        return;
    }
  }

  async #read(source: ImportSource, columns?: Partial<Record<MapperField, string>>) {
    const file = this.#file;
    if (!file) return;
    this.#setState({ step: 'working', fileName: file.name, phase: 'parse', done: 0, total: 1 });
    try {
      // A copy goes to the worker (transferred), so the same bytes can be read again as another source.
      const content = file.content.slice(0);
      this.#post({ type: 'read', caller: await this.#caller(), source, name: file.name, content, columns }, [content]);
    } catch (e) {
      this.#setState({ step: 'choose', error: message(e) });
    }
  }

  async pick(picked: File) {
    if (this.busy) return;
    let content: ArrayBuffer;
    try {
      content = await picked.arrayBuffer();
    } catch (e) {
      this.#setState({ step: 'choose', error: message(e) });
      return;
    }
    this.#file = { name: picked.name, content };
    if (this.#snapshot.source === 'generic') {
      const { csvHeaders, guessColumnMap } = await sources();
      const headers = csvHeaders(new TextDecoder().decode(content));
      if (headers.length === 0) {
        this.#setState({ step: 'choose', error: `${picked.name} has no header row.` });
        return;
      }
      this.#setState({ step: 'map', fileName: picked.name, headers, columns: guessColumnMap(headers) });
      return;
    }
    await this.#read(this.#snapshot.source as ImportSource);
  }

  readAsSuggested() {
    const state = this.#snapshot.state;
    if (state.step !== 'choose' || !state.suggestion || !this.#file) return;
    const next = state.suggestion.source;
    this.#set({ source: next });
    if (next !== 'generic') void this.#read(next as ImportSource);
  }

  setColumn(field: MapperField, column: string | undefined) {
    const state = this.#snapshot.state;
    if (state.step === 'map') this.#setState({ ...state, columns: { ...state.columns, [field]: column } });
  }

  confirmMap() {
    const state = this.#snapshot.state;
    if (state.step === 'map' && this.#file) void this.#read('generic', state.columns);
  }

  async commit() {
    const state = this.#snapshot.state;
    if (state.step !== 'preview' || !this.#file) return;
    const name = this.#file.name;
    this.#setState({ step: 'working', fileName: name, phase: 'upload', done: 0, total: 1 });
    this.#commitStarted = performance.now();
    try {
      const { SOURCE_BROKER } = await sources();
      this.#post({
        type: 'commit',
        caller: await this.#caller(),
        file: {
          broker: SOURCE_BROKER[this.#snapshot.source as ImportSource],
          name,
          format: /\.xlsx$/i.test(name) ? 'xlsx' : 'csv',
        },
      });
    } catch (e) {
      this.#setState({ step: 'failed', fileName: name, message: message(e) });
    }
  }

  /**
   * A change that rebuilds some trades (an opening lot, a corporate action, buy dates), planned and saved in the
   * worker on the journal it keeps; what it did comes back for the page's copy of the trades.
   */
  async change(change: JournalChange): Promise<ChangeOutcome> {
    const caller = await this.#caller();
    const id = this.#nextChange++;
    return new Promise((resolve, reject) => {
      this.#changes.set(id, { resolve, reject });
      this.#post({ type: 'change', id, caller, change });
    });
  }

  /** Back to the choice of file; nothing is forgotten while a save is under way. */
  startOver() {
    if (this.busy) return;
    this.#file = null;
    this.#worker?.postMessage({ type: 'forget' } satisfies ToWorker);
    this.#setState({ step: 'choose' });
  }
}

/** The page's import. */
export const importJob = new ImportJob();
