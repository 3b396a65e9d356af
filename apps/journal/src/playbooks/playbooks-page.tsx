import { useSession } from '@bahi/auth-machine/react';
import { PlaybooksScreen, toast } from '@bahi/ui';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dataError } from '../data/data-error';
import { journalKeys, useJournalTrades, usePlaybooks } from '../data/journal-data';
import { PAGE_DATA_FRESH_MS } from '../data/queries';
import { readAll } from '../data/read-all';
import { supabase } from '../data/supabase';
import { playbookSummaries, type RuleCheck } from './playbook-stats';

function ruleChecksQuery(userId: string | undefined) {
  return queryOptions({
    queryKey: [...journalKeys.all(userId), 'rule-checks'] as const,
    enabled: Boolean(userId),
    staleTime: PAGE_DATA_FRESH_MS,
    queryFn: async (): Promise<RuleCheck[]> => {
      const rows = await readAll<{ trade_id: string; playbook_id: string; rule_id: string; followed: boolean }>(
        (from, to) =>
          supabase
            .from('trade_playbook_rules')
            .select('trade_id, playbook_id, rule_id, followed')
            .order('trade_id')
            .order('playbook_id')
            .order('rule_id')
            .range(from, to),
      );
      return rows.map((r) => ({
        tradeId: r.trade_id,
        playbookId: r.playbook_id,
        ruleId: r.rule_id,
        followed: r.followed,
      }));
    },
  });
}

/** /playbooks: every playbook with its statistics and rule adherence; archive and restore. */
export default function PlaybooksPage() {
  const { user } = useSession();
  const userId = user?.id;
  const client = useQueryClient();
  const playbooks = usePlaybooks(userId);
  const trades = useJournalTrades(userId);
  const checks = useQuery(ruleChecksQuery(userId));
  const archive = useMutation({
    mutationFn: async ({ id, archived }: { id: string; archived: boolean }) => {
      const { error } = await supabase.from('playbooks').update({ is_archived: archived }).eq('id', id);
      if (error) throw dataError(error);
    },
    onSuccess: async (_, { archived }) => {
      toast.success(archived ? 'Playbook archived' : 'Playbook restored');
      await client.invalidateQueries({ queryKey: journalKeys.playbooks(userId) });
    },
    onError: (error) => toast.error('Could not change the playbook', error.message),
  });
  const queries = [playbooks, trades, checks];
  const failed = queries.find((q) => q.isError);
  const status = queries.some((q) => q.isPending)
    ? 'loading'
    : failed
      ? 'error'
      : playbooks.data?.length
        ? 'ready'
        : 'empty';
  const summaries =
    playbooks.data && trades.data && checks.data ? playbookSummaries(playbooks.data, trades.data, checks.data) : [];
  return (
    <PlaybooksScreen
      status={status}
      playbooks={summaries}
      errorDetail={failed?.error?.message}
      onRetry={() => {
        for (const q of queries) if (q.isError) void q.refetch();
      }}
      busyId={archive.isPending ? archive.variables?.id : undefined}
      onArchive={(id, archived) => archive.mutate({ id, archived })}
    />
  );
}
