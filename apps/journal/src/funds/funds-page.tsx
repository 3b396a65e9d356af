import { useSession } from '@bahi/auth-machine/react';
import { kolkataDate } from '@bahi/trading';
import { type FundEditor, type FundMovement, FundsScreen, toast } from '@bahi/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { dataError } from '../data/data-error';
import { fundsQuery, journalKeys, useJournalTrades } from '../data/journal-data';
import { supabase } from '../data/supabase';
import { excludedNotice } from '../shared/excluded-notice';
import { fundFormValues, fundsSummary, validateFundForm } from './funds-data';

/** /funds: money in and out, capital over time (with realised trading P&L) and the return on it. */
export default function FundsPage() {
  const { user } = useSession();
  const userId = user?.id;
  const client = useQueryClient();
  const funds = useQuery(fundsQuery(userId));
  const trades = useJournalTrades(userId);
  const [editor, setEditor] = useState<FundEditor>();
  const today = kolkataDate(new Date());
  const refresh = () => client.invalidateQueries({ queryKey: journalKeys.funds(userId) });

  const save = useMutation({
    mutationFn: async ({ id, movement }: { id?: string; movement: Omit<FundMovement, 'id'> }) => {
      const row = {
        kind: movement.kind,
        amount: movement.amount,
        occurred_on: movement.occurredOn,
        note: movement.note,
      };
      const { error } = id
        ? await supabase.from('funds').update(row).eq('id', id)
        : await supabase.from('funds').insert(row);
      if (error) throw dataError(error);
    },
    onSuccess: async (_, { id }) => {
      setEditor(undefined);
      toast.success(id ? 'Movement updated' : 'Movement added');
      await refresh();
    },
    onError: (error) =>
      setEditor((e) => e && { ...e, saving: false, serviceError: `Could not save: ${error.message}` }),
  });
  const remove = useMutation({
    mutationFn: async (m: FundMovement) => {
      const { error } = await supabase.from('funds').delete().eq('id', m.id);
      if (error) throw dataError(error);
    },
    onSuccess: async () => {
      toast.success('Movement deleted');
      await refresh();
    },
    onError: (error) => toast.error('Could not delete the movement', error.message),
  });

  const status =
    funds.isPending || trades.isPending
      ? 'loading'
      : funds.isError || trades.isError
        ? 'error'
        : funds.data.length
          ? 'ready'
          : 'empty';
  const computed = funds.data && trades.data ? fundsSummary(funds.data, trades.data, today) : undefined;
  return (
    <FundsScreen
      notice={excludedNotice(trades.data)}
      status={status}
      movements={funds.data}
      summary={computed?.summary}
      capital={computed?.capital}
      errorDetail={(funds.error ?? trades.error)?.message}
      onRetry={() => {
        void funds.refetch();
        void trades.refetch();
      }}
      editor={editor}
      onAdd={() => setEditor({ values: fundFormValues(undefined, today) })}
      onEdit={(m) => setEditor({ id: m.id, values: fundFormValues(m) })}
      onDelete={(m) => remove.mutate(m)}
      onEditorChange={(values) => setEditor((e) => e && { ...e, values })}
      onEditorClose={() => (save.isPending ? undefined : setEditor(undefined))}
      onEditorSubmit={() => {
        if (!editor || save.isPending) return;
        const result = validateFundForm(editor.values, today);
        if (!result.ok) {
          setEditor({ ...editor, errors: result.errors, serviceError: undefined });
          return;
        }
        setEditor({ ...editor, errors: undefined, serviceError: undefined, saving: true });
        save.mutate({ id: editor.id, movement: result.movement });
      }}
    />
  );
}
