// The import dialog's flow: choose → (map columns) → parse → match → preview → upload in calls → done or failed.
// The steps themselves are plain modules (read-file, import-plan, import-data); this hook holds the state between them.
import type { ImportDialogProps, ImportSourceId, ImportStep, MapperField } from '@bahi/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { invalidateJournal } from '../journal-data';
import { commitPlan, ImportCommitError, loadPlanContext } from './import-data';
import { type ImportPlan, planImport } from './import-plan';
import {
  completeColumnMap,
  csvHeaders,
  guessColumnMap,
  type ImportSource,
  parseImportFile,
  READS_BYTES,
  SOURCE_BROKER,
} from './read-file';

const nextFrame = () => new Promise((resolve) => setTimeout(resolve, 0));
const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

type Flow = Pick<
  ImportDialogProps,
  'source' | 'onSourceChange' | 'state' | 'onFile' | 'onColumnChange' | 'onMapConfirm' | 'onCommit' | 'onStartOver'
>;

export function useImport(userId: string | undefined): Flow {
  const queryClient = useQueryClient();
  const [source, setSource] = useState<ImportSourceId>('zerodha');
  const [state, setState] = useState<ImportStep>({ step: 'choose' });
  const file = useRef<{ name: string; content: string | ArrayBuffer } | null>(null);
  const plan = useRef<ImportPlan | null>(null);

  async function read(name: string, content: string | ArrayBuffer, columns?: Partial<Record<MapperField, string>>) {
    const broker = SOURCE_BROKER[source as ImportSource];
    try {
      setState({ step: 'working', fileName: name, phase: 'parse', done: 0, total: 1 });
      await nextFrame();
      const map = columns ? (completeColumnMap(columns) ?? undefined) : undefined;
      const parsed = parseImportFile(source as ImportSource, content, map);
      if (parsed.fills.length === 0) {
        const first = parsed.errors[0]?.message;
        setState({ step: 'choose', error: first ?? `No fills were found in ${name}. Is it the right report?` });
        return;
      }
      setState({ step: 'working', fileName: name, phase: 'match', done: 0, total: 1 });
      const context = await loadPlanContext(broker);
      const result = planImport({ ...context, parsed });
      plan.current = result;
      setState({
        step: 'preview',
        preview: {
          fileName: name,
          rowsTotal: result.rowsTotal,
          fillsRead: result.fillsRead,
          errors: result.errors,
          duplicates: result.duplicates,
          newFills: result.newFills,
          tradesToCreate: result.trades.length,
          openTrades: result.openTrades,
          reopened: result.replaceOpen.length,
          charges:
            result.trades.length > 0 && result.trades.every((t) => t.charges_source === 'broker')
              ? 'broker'
              : 'estimated',
        },
      });
    } catch (e) {
      setState({ step: 'choose', error: message(e) });
    }
  }

  async function onFile(picked: File) {
    let content: string | ArrayBuffer;
    try {
      content = READS_BYTES[source as ImportSource] ? await picked.arrayBuffer() : await picked.text();
    } catch (e) {
      setState({ step: 'choose', error: message(e) });
      return;
    }
    file.current = { name: picked.name, content };
    if (source === 'generic' && typeof content === 'string') {
      const text = content;
      const headers = csvHeaders(text);
      if (headers.length === 0) {
        setState({ step: 'choose', error: `${picked.name} has no header row.` });
        return;
      }
      setState({ step: 'map', fileName: picked.name, headers, columns: guessColumnMap(headers) });
      return;
    }
    await read(picked.name, content);
  }

  async function onCommit() {
    const current = plan.current;
    const name = file.current?.name ?? 'file';
    if (!current) return;
    setState({ step: 'working', fileName: name, phase: 'upload', done: 0, total: 1 });
    try {
      const result = await commitPlan(
        current,
        { broker: SOURCE_BROKER[source as ImportSource], name, format: /\.xlsx$/i.test(name) ? 'xlsx' : 'csv' },
        (done, total) => setState({ step: 'working', fileName: name, phase: 'upload', done, total }),
      );
      setState({
        step: 'done',
        fileName: name,
        tradesCreated: result.tradesCreated,
        executionsCreated: result.executionsCreated,
        duplicates: current.duplicates,
        rowsWithErrors: current.errors.length,
      });
    } catch (e) {
      setState({ step: 'failed', fileName: name, message: message(e) });
      if (!(e instanceof ImportCommitError) || e.done.importId === null) return;
    } finally {
      plan.current = null;
    }
    await invalidateJournal(queryClient, userId);
  }

  return {
    source,
    onSourceChange: (next) => {
      setSource(next);
      setState({ step: 'choose' });
    },
    state,
    onFile: (picked) => void onFile(picked),
    onColumnChange: (field, column) =>
      setState((s) => (s.step === 'map' ? { ...s, columns: { ...s.columns, [field]: column } } : s)),
    onMapConfirm: () => {
      if (state.step === 'map' && file.current) void read(file.current.name, file.current.content, state.columns);
    },
    onCommit: () => void onCommit(),
    onStartOver: () => {
      file.current = null;
      plan.current = null;
      setState({ step: 'choose' });
    },
  };
}
