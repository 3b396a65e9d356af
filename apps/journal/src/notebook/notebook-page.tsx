import { useSession } from '@bahi/auth-machine/react';
import { kolkataDate } from '@bahi/trading';
import {
  type NotebookDraft,
  type NotebookEntry,
  type NotebookSaveState,
  NotebookScreen,
  type NotebookSelection,
  toast,
} from '@bahi/ui';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { dataError } from '../data/data-error';
import { journalKeys, useJournalTrades } from '../data/journal-data';
import { PAGE_DATA_FRESH_MS } from '../data/queries';
import { readAll } from '../data/read-all';
import { supabase } from '../data/supabase';
import {
  DraftSaver,
  filterEntries,
  journalDateParam,
  type NoteRow,
  notebookDay,
  sortEntries,
  toNotebookEntry,
} from './notebook-data';

const AUTOSAVE_MS = 1_000;
const notesKey = (userId: string | undefined) => [...journalKeys.all(userId), 'notes'] as const;

function notesQuery(userId: string | undefined) {
  return queryOptions({
    queryKey: notesKey(userId),
    enabled: Boolean(userId),
    staleTime: PAGE_DATA_FRESH_MS,
    queryFn: async (): Promise<NotebookEntry[]> => {
      const rows = await readAll<NoteRow>((from, to) =>
        supabase
          .from('notes')
          .select('id, kind, journal_date, title, body, pinned, updated_at')
          .order('updated_at', { ascending: false })
          .order('id')
          .range(from, to),
      );
      return sortEntries(rows.map(toNotebookEntry));
    },
  });
}

/**
 * Writes a draft: an update when the entry exists, else the day's first save creates it. Returns the entry's id.
 * Another tab may have created the day's entry meanwhile (one per day is enforced by a unique index): then update it.
 */
async function persistNote(id: string | null, selection: NotebookSelection, draft: NotebookDraft): Promise<string> {
  const fields = { title: draft.title, body: draft.body, pinned: draft.pinned };
  if (id) {
    const { error } = await supabase.from('notes').update(fields).eq('id', id);
    if (error) throw dataError(error);
    return id;
  }
  if (selection.kind !== 'daily') throw new Error('This page no longer exists.');
  const inserted = await supabase
    .from('notes')
    .insert({ ...fields, kind: 'daily', journal_date: selection.date })
    .select('id')
    .single();
  if (!inserted.error) return inserted.data.id as string;
  if (inserted.error.code !== '23505') throw dataError(inserted.error);
  const existing = await supabase
    .from('notes')
    .select('id')
    .eq('kind', 'daily')
    .eq('journal_date', selection.date)
    .single();
  if (existing.error) throw dataError(existing.error);
  return persistNote(existing.data.id as string, selection, draft);
}

const emptyDraft: NotebookDraft = { title: '', body: '', pinned: false };
const draftOf = (e: NotebookEntry | undefined): NotebookDraft =>
  e ? { title: e.title, body: e.body, pinned: e.pinned } : emptyDraft;

interface EditorState {
  key: string;
  draft: NotebookDraft;
  saveState: NotebookSaveState;
  error?: string;
}

/** /notebook, /notebook?note=<id> (a page), /notebook?date=YYYY-MM-DD (that day's journal, started if absent). */
export default function NotebookPage() {
  const { user } = useSession();
  const userId = user?.id;
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const notes = useQuery(notesQuery(userId));
  const trades = useJournalTrades(userId);
  const [search, setSearch] = useState('');
  const today = kolkataDate(new Date());

  const date = journalDateParam(params.get('date'));
  const noteId = params.get('note');
  const found = notes.data?.find((e) =>
    date ? e.kind === 'daily' && e.journalDate === date : noteId !== null && e.id === noteId,
  );
  // A page link to a page that no longer exists opens nothing; a day always opens (and starts on the first save).
  const selection: NotebookSelection | undefined = date
    ? { kind: 'daily', date }
    : found
      ? { kind: 'page', id: found.id }
      : undefined;
  const key = selection ? (selection.kind === 'daily' ? `daily:${selection.date}` : `page:${selection.id}`) : '';
  const ready = Boolean(selection) && notes.data !== undefined;

  const [editor, setEditor] = useState<EditorState | null>(null);
  if (ready && editor?.key !== key) setEditor({ key, draft: draftOf(found), saveState: 'saved' });
  const saver = useRef<DraftSaver<NotebookDraft> | null>(null);
  const foundId = found?.id ?? null;
  const foundIdRef = useRef(foundId);
  foundIdRef.current = foundId;

  // One saver per open entry. Leaving the entry (another entry, another page of the app) saves what is pending.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new saver only when another entry opens (`key`).
  useEffect(() => {
    if (!ready || !selection) return;
    const target = { id: foundIdRef.current };
    const open = selection;
    const s = new DraftSaver<NotebookDraft>(
      async (draft) => {
        target.id = await persistNote(target.id, open, draft);
        await client.invalidateQueries({ queryKey: notesKey(userId) });
      },
      AUTOSAVE_MS,
      (saveState, error) => setEditor((e) => (e && e.key === key ? { ...e, saveState, error } : e)),
    );
    saver.current = s;
    return () => {
      void s.flush();
      if (saver.current === s) saver.current = null;
    };
  }, [key, ready]);

  // Closing the tab or reloading while text is unsaved: the browser asks first.
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (saver.current?.dirty) {
        void saver.current.flush();
        event.preventDefault();
      }
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, []);

  const newPage = async () => {
    const { data, error } = await supabase
      .from('notes')
      .insert({ kind: 'page', title: '', body: '' })
      .select('id')
      .single();
    if (error) {
      toast.error('Could not start a page', error.message);
      return;
    }
    await client.invalidateQueries({ queryKey: notesKey(userId) });
    setParams({ note: data.id as string });
  };

  const remove = async (entry: NotebookEntry) => {
    saver.current?.discard();
    const { error } = await supabase.from('notes').delete().eq('id', entry.id);
    if (error) {
      toast.error('Could not delete', error.message);
      return;
    }
    toast.success(entry.kind === 'daily' ? 'Journal entry deleted' : 'Page deleted');
    setEditor(null);
    setParams({});
    await client.invalidateQueries({ queryKey: notesKey(userId) });
  };

  const status = notes.isPending
    ? 'loading'
    : notes.isError
      ? 'error'
      : notes.data.length || selection
        ? 'ready'
        : 'empty';
  const open = editor && editor.key === key ? editor : undefined;
  return (
    <NotebookScreen
      status={status}
      entries={notes.data ? filterEntries(notes.data, search) : []}
      search={search}
      onSearchChange={setSearch}
      today={today}
      selection={ready ? selection : undefined}
      current={found}
      draft={open?.draft}
      saveState={open?.saveState}
      saveError={open?.error}
      onDraftChange={(draft) => {
        setEditor((e) => (e ? { ...e, draft } : e));
        saver.current?.change(draft);
      }}
      onSave={() => void saver.current?.flush()}
      onDelete={(entry) => void remove(entry)}
      onNewPage={() => void newPage()}
      day={selection?.kind === 'daily' && trades.data ? notebookDay(trades.data, selection.date) : undefined}
      missingPage={Boolean(noteId) && !date && notes.data !== undefined && !found}
      errorDetail={notes.error?.message}
      onRetry={() => void notes.refetch()}
    />
  );
}
