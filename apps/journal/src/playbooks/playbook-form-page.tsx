import { useSession } from '@bahi/auth-machine/react';
import { emptyPlaybook, type PlaybookFormErrors, PlaybookFormScreen, type PlaybookFormValues, toast } from '@bahi/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { dataError } from '../data/data-error';
import { journalKeys, usePlaybooks } from '../data/journal-data';
import { supabase } from '../data/supabase';
import { type PlaybookRow, playbookFormValues, validatePlaybook } from './playbook-form-values';

/** /playbook/create and /playbook/edit/:id. */
export default function PlaybookFormPage() {
  const { id } = useParams();
  const { user } = useSession();
  const userId = user?.id;
  const navigate = useNavigate();
  const client = useQueryClient();
  const playbooks = usePlaybooks(userId);
  const existing = id ? playbooks.data?.find((p) => p.id === id) : undefined;
  // The form starts from the saved playbook once it has loaded (and again if the address changes to another one).
  const [draft, setDraft] = useState<{ for: string | undefined; values: PlaybookFormValues } | null>(null);
  const values = draft && draft.for === id ? draft.values : existing ? playbookFormValues(existing) : emptyPlaybook;
  const [errors, setErrors] = useState<PlaybookFormErrors>({});

  const save = useMutation({
    mutationFn: async (row: PlaybookRow) => {
      const { error } = id
        ? await supabase.from('playbooks').update(row).eq('id', id)
        : await supabase.from('playbooks').insert(row);
      if (error) throw dataError(error);
    },
    onSuccess: async (_, row) => {
      toast.success(id ? 'Playbook saved' : `Playbook “${row.name}” created`);
      // The journal's trades carry their playbook's name, which a save may have changed.
      await Promise.all([
        client.invalidateQueries({ queryKey: journalKeys.playbooks(userId) }),
        client.invalidateQueries({ queryKey: journalKeys.trades(userId) }),
      ]);
      navigate('/playbooks');
    },
  });

  const status =
    id && playbooks.isPending
      ? 'loading'
      : id && playbooks.isError
        ? 'error'
        : id && !existing
          ? 'not-found'
          : save.isPending
            ? 'saving'
            : 'idle';
  return (
    <PlaybookFormScreen
      playbookId={id}
      values={values}
      status={status}
      fieldErrors={errors}
      serviceError={save.error ? `Could not save the playbook: ${save.error.message}` : undefined}
      errorDetail={playbooks.error?.message}
      onRetry={() => void playbooks.refetch()}
      onChange={(next) => setDraft({ for: id, values: next })}
      onCancel={() => navigate('/playbooks')}
      onSubmit={(submitted) => {
        const others = (playbooks.data ?? []).filter((p) => p.id !== id).map((p) => p.name);
        const result = validatePlaybook(submitted, others);
        if (!result.ok) {
          setErrors(result.errors);
          return;
        }
        setErrors({});
        save.mutate(result.row);
      }}
    />
  );
}
