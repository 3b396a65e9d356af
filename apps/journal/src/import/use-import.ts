// The import dialog's flow: choose → (map columns) → read → plan → preview → upload in calls → done or failed.
// The steps themselves are plain modules (read-file, import-data) and @bahi/trading's planning; this hook holds the
// state between them.
import {
  dayBeforeHistory,
  type ImportPlan,
  type ImportRowError,
  openingLotsFromHoldings,
  openingLotsFromTaxPnl,
  type ParseResult,
  planImport,
} from '@bahi/trading';
import type { ImportDialogProps, ImportKind, ImportSourceId, ImportStep, MapperField } from '@bahi/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { estimateNotes } from '../estimates';
import { invalidateJournal } from '../journal-data';
import { commitPlan, ImportCommitError, type JournalForPlan, loadJournalForPlan } from './import-data';
import { completeColumnMap, csvHeaders, guessColumnMap, type ImportSource, SOURCE_BROKER } from './import-source';
import type { ReadFile } from './read-file';

/** The brokers' parsers, loaded when the first file is read rather than with the trades page. */
const loadReader = () => import('./read-file').then((m) => m.readImportFile);

const nextFrame = () => new Promise((resolve) => setTimeout(resolve, 0));
const message = (e: unknown) => (e instanceof Error ? e.message : String(e));
const distinctRows = (errors: readonly ImportRowError[]) => new Set(errors.map((e) => e.row)).size;

type Flow = Pick<
  ImportDialogProps,
  | 'source'
  | 'onSourceChange'
  | 'state'
  | 'onFile'
  | 'onUseSuggestion'
  | 'onColumnChange'
  | 'onMapConfirm'
  | 'onCommit'
  | 'onStartOver'
>;

interface Planned {
  plan: ImportPlan;
  kind: Exclude<ImportKind, 'opening'>;
  brokerProfileId: string | null;
}

/** A statement's lines as the fills of opening lots, with the lines it could not read or did not use. */
function statementLots(
  read: Extract<ReadFile, { kind: 'holdings' | 'tax_pnl' }>,
  journal: JournalForPlan,
): { parsed: ParseResult; asOf?: { date: string; stated: boolean } } | { error: string } {
  if (read.kind === 'tax_pnl') {
    const lots = openingLotsFromTaxPnl(read.statement.exits, 'zerodha', journal.stored);
    return { parsed: { fills: lots.fills, errors: [...read.statement.errors, ...lots.skipped] } };
  }
  // A statement that does not say its date is taken as at the day before the first Zerodha trade in the journal.
  const assumed = dayBeforeHistory(journal.stored, 'zerodha');
  const asOf = read.statement.asOf
    ? { date: read.statement.asOf, stated: true }
    : assumed
      ? { date: assumed, stated: false }
      : null;
  if (!asOf) {
    return {
      error:
        'This holdings statement does not say its date, and your journal has no Zerodha trades yet. Import your tradebook first, then this statement for the shares you held before it.',
    };
  }
  const lots = openingLotsFromHoldings(read.statement.holdings, asOf.date, 'zerodha', journal.stored);
  return { parsed: { fills: lots.fills, errors: [...read.statement.errors, ...lots.skipped] }, asOf };
}

export function useImport(userId: string | undefined): Flow {
  const queryClient = useQueryClient();
  const [source, setSource] = useState<ImportSourceId>('zerodha');
  const [state, setState] = useState<ImportStep>({ step: 'choose' });
  const file = useRef<{ name: string; content: ArrayBuffer } | null>(null);
  const planned = useRef<Planned | null>(null);

  async function read(
    from: ImportSource,
    name: string,
    content: ArrayBuffer,
    columns?: Partial<Record<MapperField, string>>,
  ) {
    try {
      setState({ step: 'working', fileName: name, phase: 'parse', done: 0, total: 1 });
      await nextFrame();
      const map = columns ? (completeColumnMap(columns) ?? undefined) : undefined;
      const result = (await loadReader())(from, content, map);
      if (result.kind === 'wrong') {
        setState({
          step: 'choose',
          error: result.message,
          suggestion: { source: result.source, label: result.label },
        });
        return;
      }
      setState({ step: 'working', fileName: name, phase: 'match', done: 0, total: 1 });
      const journal = await loadJournalForPlan();
      let parsed: ParseResult;
      let asOf: { date: string; stated: boolean } | undefined;
      if (result.kind === 'tradebook') parsed = result.parsed;
      else {
        const lots = statementLots(result, journal);
        if ('error' in lots) {
          setState({ step: 'choose', error: lots.error });
          return;
        }
        ({ parsed, asOf } = lots);
      }
      if (parsed.fills.length === 0) {
        const none =
          result.kind === 'tradebook'
            ? `No fills could be read from ${name}. Is it the right report?`
            : `No line of ${name} gives the cost of a sale in your journal.`;
        setState({ step: 'choose', error: none, errors: parsed.errors });
        return;
      }
      const plan = planImport(parsed, journal);
      planned.current = { plan, kind: result.kind, brokerProfileId: journal.chargeProfile.id };
      setState({
        step: 'preview',
        preview: {
          kind: result.kind,
          fileName: name,
          rowsTotal: plan.rowsTotal,
          fillsRead: result.kind === 'tradebook' ? plan.fillsRead : plan.rowsTotal,
          errors: plan.errors,
          duplicates: plan.duplicates,
          newFills: plan.newFills,
          tradesToCreate: plan.trades,
          openTrades: plan.open,
          missingCost: plan.missingCost,
          costFound: plan.costFound,
          replaced: plan.replaced,
          estimates: estimateNotes(plan.estimates),
          charges:
            plan.trades > 0 && plan.groups.every((g) => g.trades.every((t) => t.charges.source === 'broker'))
              ? 'broker'
              : 'estimated',
          ...(asOf ? { holdingsAsOf: asOf.date, holdingsAsOfStated: asOf.stated } : {}),
        },
      });
    } catch (e) {
      setState({ step: 'choose', error: message(e) });
    }
  }

  async function onFile(picked: File) {
    let content: ArrayBuffer;
    try {
      content = await picked.arrayBuffer();
    } catch (e) {
      setState({ step: 'choose', error: message(e) });
      return;
    }
    file.current = { name: picked.name, content };
    if (source === 'generic') {
      const headers = csvHeaders(new TextDecoder().decode(content));
      if (headers.length === 0) {
        setState({ step: 'choose', error: `${picked.name} has no header row.` });
        return;
      }
      setState({ step: 'map', fileName: picked.name, headers, columns: guessColumnMap(headers) });
      return;
    }
    await read(source, picked.name, content);
  }

  async function onCommit() {
    const current = planned.current;
    const name = file.current?.name ?? 'file';
    if (!current) return;
    const { plan } = current;
    setState({ step: 'working', fileName: name, phase: 'upload', done: 0, total: 1 });
    try {
      const result = await commitPlan(
        plan.groups,
        {
          broker: SOURCE_BROKER[source as ImportSource],
          name,
          format: /\.xlsx$/i.test(name) ? 'xlsx' : 'csv',
          kind: current.kind,
          rowsTotal: plan.rowsTotal,
          rowsSkipped: distinctRows(plan.errors),
          duplicates: plan.duplicates,
        },
        current.brokerProfileId,
        (done, total) => setState({ step: 'working', fileName: name, phase: 'upload', done, total }),
      );
      setState({
        step: 'done',
        fileName: name,
        tradesCreated: result.tradesCreated,
        executionsCreated: result.executionsCreated,
        duplicates: plan.duplicates,
        rowsWithErrors: distinctRows(plan.errors),
      });
    } catch (e) {
      setState({ step: 'failed', fileName: name, message: message(e) });
      if (!(e instanceof ImportCommitError) || e.done.importId === null) return;
    } finally {
      planned.current = null;
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
    onUseSuggestion: () => {
      if (state.step !== 'choose' || !state.suggestion || !file.current) return;
      const next = state.suggestion.source;
      setSource(next);
      if (next === 'generic') return;
      void read(next, file.current.name, file.current.content);
    },
    onColumnChange: (field, column) =>
      setState((s) => (s.step === 'map' ? { ...s, columns: { ...s.columns, [field]: column } } : s)),
    onMapConfirm: () => {
      if (state.step === 'map' && file.current) {
        void read('generic', file.current.name, file.current.content, state.columns);
      }
    },
    onCommit: () => void onCommit(),
    onStartOver: () => {
      file.current = null;
      planned.current = null;
      setState({ step: 'choose' });
    },
  };
}
