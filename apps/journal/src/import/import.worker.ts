// The import worker: reads a picked file, plans it against the journal and saves it, off the page's thread, so a
// tradebook of years neither freezes the page nor stops when the trader moves to another page. It calls the data API
// as the page's session (the token comes with each request) through the same postgrest-js client the page uses.
import { createRest } from '../data/rest-client';
import { newIds } from '../data/stored-journal';
import type { Caller, FromWorker, ToWorker } from './import-messages';
import {
  commitPlan,
  distinctRows,
  ImportCommitError,
  type JournalForPlan,
  journalAfter,
  type Planned,
  readAndPlan,
  tradesChange,
} from './import-pipeline';
import { makeChange } from './journal-changes';

let planned: Planned | null = null;
/** The journal as this worker last read or saved it: the next file plans on it while it is current. */
let kept: JournalForPlan | null = null;
let token: string | null = null;

const post = (message: FromWorker) => postMessage(message);
const clientFor = (caller: Caller) => {
  token = caller.token;
  return createRest(caller.url.replace(/\/+$/, ''), caller.key, async () => token);
};
const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

async function read(request: Extract<ToWorker, { type: 'read' }>) {
  planned = null;
  try {
    const { step, planned: next } = await readAndPlan(
      clientFor(request.caller),
      request,
      (phase) => post({ type: 'phase', phase }),
      kept,
    );
    planned = next ?? null;
    if (next) kept = next.journal;
    post({ type: 'read', step });
  } catch (e) {
    post({ type: 'read', step: { step: 'choose', error: message(e) } });
  }
}

async function commit(request: Extract<ToWorker, { type: 'commit' }>) {
  const current = planned;
  planned = null;
  if (!current) {
    post({ type: 'failed', message: 'Pick the file again: its plan is gone.', saved: false });
    return;
  }
  const { plan } = current;
  const ids = newIds();
  kept = null;
  try {
    const result = await commitPlan(
      clientFor(request.caller),
      plan.groups,
      {
        ...request.file,
        kind: current.kind,
        rowsTotal: plan.rowsTotal,
        rowsSkipped: distinctRows(plan.errors),
        duplicates: plan.duplicates,
        replacedLots: plan.replacedLots,
      },
      current.journal.chargeProfile.id,
      (progress) => post({ type: 'progress', progress }),
      { ids },
    );
    kept = journalAfter(current.journal, plan.groups, result, ids);
    post({
      type: 'committed',
      result,
      change: tradesChange(current.journal, plan.groups, result, ids),
      duplicates: plan.duplicates,
      rowsWithErrors: distinctRows(plan.errors),
    });
  } catch (e) {
    post({
      type: 'failed',
      message: message(e),
      saved: e instanceof ImportCommitError && e.done.importId !== null,
    });
  }
}

/** One change at a time, each on the journal the one before left. */
let changes: Promise<void> = Promise.resolve();

function change(request: Extract<ToWorker, { type: 'change' }>) {
  changes = changes.then(async () => {
    try {
      const made = await makeChange(clientFor(request.caller), request.change, kept);
      kept = made.journal;
      post({ type: 'changed', id: request.id, outcome: made.outcome });
    } catch (e) {
      kept = null;
      post({ type: 'change-failed', id: request.id, message: message(e) });
    }
  });
}

addEventListener('message', (event: MessageEvent<ToWorker>) => {
  const request = event.data;
  if (request.type === 'read') void read(request);
  else if (request.type === 'commit') void commit(request);
  else if (request.type === 'change') change(request);
  else planned = null;
});
