// The journal's trades kept in the browser (IndexedDB) between visits, so that a return visit to a heavy journal
// does not download it again: 22,000 trades are 11.7 MB of JSON, and their read is most of a page's time to figures.
// A kept copy is used only while the journal's revision is still the one it was read at (journal_revision(): every
// change to the user's trades, fills, their tags and playbooks moves it on), so figures are never stale. One copy,
// of the signed-in user: keeping one drops any other user's, and signing out drops it.
//
// Which user's copy is kept, and at which revision, is also noted in localStorage, which reads at once: a page with
// no copy for the user goes straight to the server instead of first opening IndexedDB (65 ms in a new browser
// profile), and a page with one asks the server's revision while it reads the copy.
//
// What is kept is journal_trades()'s columns (arrays of plain values: a quarter of the time to clone that the trades
// as objects take), with the names of the columns the app reads, so a copy made by an older build that lacks one is
// not used.

const DATABASE = 'bahi-journal';
const STORE = 'trades';
/** localStorage: `{userId, revision}` of the copy in IndexedDB. */
const NOTE = 'bahi-journal-kept';

/** A journal read as journal_trades() returns it: one array per column, and the revision it was read at. */
export interface KeptJournal {
  revision: number;
  columns: Record<string, unknown[]>;
}

interface Entry extends KeptJournal {
  userId: string;
  /** The columns this copy holds, for a later build that reads more. */
  names: string[];
}

let opening: Promise<IDBDatabase | null> | null = null;

/** The kept-journal database, or null where the browser has none (a test in Node, a private window that refuses). */
function database(): Promise<IDBDatabase | null> {
  if (typeof indexedDB === 'undefined') return Promise.resolve(null);
  opening ??= new Promise<IDBDatabase | null>((resolve) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => resolve(null);
    request.onblocked = () => resolve(null);
  });
  return opening;
}

function done(request: IDBRequest): Promise<unknown> {
  return new Promise((resolve) => {
    request.onsuccess = () => resolve(request.result);
    // A copy that cannot be read is as good as none: the journal is read from the server.
    request.onerror = () => resolve(undefined);
  });
}

/** The revision of the copy kept for `userId`, or null when none is (as noted in localStorage). */
export function keptRevision(userId: string): number | null {
  try {
    const note = JSON.parse(localStorage.getItem(NOTE) ?? 'null') as { userId?: unknown; revision?: unknown } | null;
    return note?.userId === userId && typeof note.revision === 'number' ? note.revision : null;
  } catch {
    return null; // no localStorage (Node, a browser that refuses it), or a note that is not ours
  }
}

function note(value: { userId: string; revision: number } | null): void {
  try {
    if (value) localStorage.setItem(NOTE, JSON.stringify(value));
    else localStorage.removeItem(NOTE);
  } catch {
    // Without the note the copy is not used: the journal is read from the server.
  }
}

/** The user's kept journal when it holds every column in `needed`; null otherwise. */
export async function readKept(userId: string, needed: readonly string[]): Promise<KeptJournal | null> {
  const db = await database();
  if (!db) return null;
  const entry = (await done(db.transaction(STORE).objectStore(STORE).get('journal'))) as Entry | undefined;
  if (!entry || entry.userId !== userId || !needed.every((n) => entry.names.includes(n))) return null;
  return { revision: entry.revision, columns: entry.columns };
}

/** Keeps the user's journal, in place of any kept one. Best effort: a full disk or a refusal only loses the copy. */
export async function keep(userId: string, journal: KeptJournal): Promise<void> {
  const db = await database();
  if (!db) return;
  const entry: Entry = { ...journal, userId, names: Object.keys(journal.columns) };
  try {
    // No note while the copy is being replaced: a page opened meanwhile reads the server.
    note(null);
    const stored = await done(db.transaction(STORE, 'readwrite').objectStore(STORE).put(entry, 'journal'));
    if (stored !== undefined) note({ userId, revision: journal.revision });
  } catch {
    // A copy that cannot be written (quota, a closing database) is simply not kept.
  }
}

/** Drops the kept journal: on signing out, so that nothing of it stays on the device. */
export async function forgetKept(): Promise<void> {
  note(null);
  const db = await database();
  if (!db) return;
  await done(db.transaction(STORE, 'readwrite').objectStore(STORE).delete('journal'));
}
