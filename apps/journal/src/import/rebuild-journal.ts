// "Rebuild my journal" on /profile: load the journal as an import does, replay every fill under today's rules
// (@bahi/trading's planReplay), preview what changes, and on the trader's word send the changed instruments through
// `rebuild_trades`. The RPC moves each replaced trade's journalling (notes, tags, ratings, screenshots) to the trade
// that holds its earliest fill.
import { planReplay, type ReplayPlan } from '@bahi/trading';
import type { RebuildJournalCardProps, RebuildJournalPreview, RebuildJournalState } from '@bahi/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { invalidateJournal } from '../data/journal-data';
import { supabase } from '../data/supabase';
import { estimateNotes } from '../shared/estimates';
import { commitRebuild } from './import-data';
import { loadJournalForPlan } from './import-pipeline';

/** The card's preview of a replay. */
export const rebuildPreview = (plan: ReplayPlan): RebuildJournalPreview => ({
  checked: plan.checked,
  unchanged: plan.unchanged,
  refigured: plan.refigured,
  rematched: plan.rematched,
  rematchedInto: plan.rematchedInto,
  estimates: estimateNotes(plan.estimates),
});

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** The card's state and actions: check (plan, nothing saved), confirm (save), cancel. */
export function useRebuildJournal(userId: string | undefined): RebuildJournalCardProps {
  const queryClient = useQueryClient();
  const [state, setState] = useState<RebuildJournalState>({ step: 'idle' });
  const planned = useRef<{ plan: ReplayPlan; brokerProfileId: string | null } | null>(null);

  const onCheck = async () => {
    setState({ step: 'checking' });
    try {
      const journal = await loadJournalForPlan(supabase);
      const plan = planReplay(journal);
      planned.current = { plan, brokerProfileId: journal.chargeProfile.id };
      setState({ step: 'preview', preview: rebuildPreview(plan) });
    } catch (e) {
      setState({ step: 'failed', message: message(e) });
    }
  };

  const onConfirm = async () => {
    const current = planned.current;
    if (!current) return;
    const { plan, brokerProfileId } = current;
    setState({ step: 'rebuilding', done: 0, total: 1 });
    try {
      await commitRebuild(plan.groups, brokerProfileId, (done, total) => setState({ step: 'rebuilding', done, total }));
      setState({ step: 'done', refigured: plan.refigured, rematched: plan.rematched });
    } catch (e) {
      setState({ step: 'failed', message: message(e) });
    } finally {
      planned.current = null;
      await invalidateJournal(queryClient, userId);
    }
  };

  return {
    state,
    onCheck: () => void onCheck(),
    onConfirm: () => void onConfirm(),
    onCancel: () => {
      planned.current = null;
      setState({ step: 'idle' });
    },
  };
}
