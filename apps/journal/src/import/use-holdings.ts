// The trades page's two holdings dialogs: a typed opening position (saved as an import of its own, so it can be
// undone from the history) and corporate actions (each change rebuilds the trades it changes from its ex-date).
import { type CorporateAction, istDate } from '@bahi/trading';
import {
  BROKER_OPTIONS,
  CORPORATE_ACTION_KIND_LABELS,
  type CorporateActionsDialogProps,
  type CorporateActionValues,
  type OpeningPositionDialogProps,
  type OpeningPositionValues,
  toast,
} from '@bahi/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type JournalTrade, refreshAfterChange } from '../data/journal-data';
import { corporateActionOf, openingPosition, openingPositionStart } from './holdings-forms';
import { useCorporateActions } from './import-data';
import { importJob } from './import-job';

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));
const istToday = () => istDate(Date.now());
const BROKERS = BROKER_OPTIONS.map(([id, label]) => ({ id, label }));

export function useOpeningPosition(
  userId: string | undefined,
  missing: readonly JournalTrade[],
): { open: () => void; dialog: OpeningPositionDialogProps } {
  const queryClient = useQueryClient();
  const [isOpen, setOpen] = useState(false);
  const [values, setValues] = useState<OpeningPositionValues>(() => openingPositionStart([], 'zerodha', istToday()));
  const [fieldErrors, setFieldErrors] = useState<OpeningPositionDialogProps['fieldErrors']>({});
  const [serviceError, setServiceError] = useState<string>();
  const [saving, setSaving] = useState(false);

  async function submit(typed: OpeningPositionValues) {
    const checked = openingPosition(typed, istToday(), crypto.randomUUID());
    if (!checked.ok) {
      setFieldErrors(checked.errors);
      return;
    }
    setFieldErrors({});
    setServiceError(undefined);
    setSaving(true);
    try {
      const { costFound, ...change } = await importJob.change({ kind: 'opening', opening: checked.opening });
      await refreshAfterChange(queryClient, userId, change);
      setOpen(false);
      toast.success(
        costFound > 0
          ? `Opening position added: ${costFound} ${costFound === 1 ? 'sale has' : 'sales have'} a cost basis now.`
          : 'Opening position added.',
      );
    } catch (e) {
      setServiceError(message(e));
    } finally {
      setSaving(false);
    }
  }

  return {
    open: () => {
      setValues(openingPositionStart(missing, 'zerodha', istToday()));
      setFieldErrors({});
      setServiceError(undefined);
      setOpen(true);
    },
    dialog: {
      open: isOpen,
      onOpenChange: (next) => (saving ? undefined : setOpen(next)),
      values,
      onChange: setValues,
      onSubmit: (typed) => void submit(typed),
      status: saving ? 'saving' : 'idle',
      fieldErrors,
      serviceError,
      brokers: BROKERS,
    },
  };
}

const EMPTY_ACTION: CorporateActionValues = {
  symbol: '',
  kind: 'split',
  from: '1',
  to: '',
  exDate: '',
  newSymbol: '',
  newIsin: '',
  costPercent: '',
};

export function useCorporateActionsDialog(userId: string | undefined): {
  open: () => void;
  dialog: CorporateActionsDialogProps;
} {
  const queryClient = useQueryClient();
  const actions = useCorporateActions(userId);
  const [isOpen, setOpen] = useState(false);
  const [values, setValues] = useState<CorporateActionValues>(EMPTY_ACTION);
  const [fieldErrors, setFieldErrors] = useState<CorporateActionsDialogProps['fieldErrors']>({});
  const [serviceError, setServiceError] = useState<string>();
  const [adding, setAdding] = useState(false);

  const change = async (what: { add: CorporateAction } | { remove: string }) => {
    await refreshAfterChange(queryClient, userId, await importJob.change({ kind: 'action', ...what }));
  };

  async function add(typed: CorporateActionValues) {
    const checked = corporateActionOf(typed);
    if (!checked.ok) {
      setFieldErrors(checked.errors);
      return;
    }
    setFieldErrors({});
    setServiceError(undefined);
    setAdding(true);
    try {
      await change({ add: checked.action });
      setValues(EMPTY_ACTION);
      toast.success(`${CORPORATE_ACTION_KIND_LABELS[checked.action.kind]} of ${checked.action.symbol} recorded.`);
    } catch (e) {
      setServiceError(message(e));
    } finally {
      setAdding(false);
    }
  }

  return {
    open: () => setOpen(true),
    dialog: {
      open: isOpen,
      onOpenChange: (next) => (adding ? undefined : setOpen(next)),
      actions: (actions.data ?? []).map((a) => ({ ...a, id: a.id ?? '' })),
      status: actions.isPending ? 'loading' : actions.isError ? 'error' : 'ready',
      error: actions.error?.message,
      values,
      onChange: setValues,
      onAdd: (typed) => void add(typed),
      onRemove: (id) => change({ remove: id }),
      adding,
      fieldErrors,
      serviceError,
    },
  };
}
