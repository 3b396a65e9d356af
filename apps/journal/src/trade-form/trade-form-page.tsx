import { useSession } from '@bahi/auth-machine/react';
import {
  applyDraftChange,
  draftFillsUnchanged,
  draftLotSize,
  draftUnits,
  duplicateOf,
  estimateDraftCharges,
  formatINR,
  formatQuantity,
  keepBrokerCharges,
  manualTradeRow,
  newTradeDraft,
  type TradeDraftErrors,
  validateTradeDraft,
} from '@bahi/trading';
import { formatDateTime, TradeFormScreen, type TradeFormValues, toast } from '@bahi/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { DEFAULT_CHARGE_PROFILE, toChargeProfile } from '../data/broker-profile';
import { useBrokerProfile } from '../data/broker-profile-data';
import { invalidateJournal, journalKeys, useJournalTrades, usePlaybooks, useTags } from '../data/journal-data';
import { imageFileError } from '../data/uploads';
import { uploadGalleryImage } from '../gallery/gallery-data';
import { useLeaveGuard } from './leave-guard';
import { loadFollowedRules, saveRuleChecks, saveTrade } from './save-trade';
import { clearDraft, readDraft, sameValues, writeDraft } from './trade-draft';
import { chargesPreview, valuesFromTrade } from './trade-form-values';

/** Moves focus to the first field with an error, so keyboard and screen-reader users land on it. */
function focusFirstError() {
  requestAnimationFrame(() => {
    document.querySelector<HTMLElement>('form [aria-invalid="true"]')?.focus();
  });
}

function Editor({
  tradeId,
  initial,
  initialFollowed = [],
  brokerCharges = false,
  missingCost = false,
}: {
  tradeId?: string;
  initial: TradeFormValues;
  /** Ids of the playbook rules the saved trade followed. */
  initialFollowed?: string[];
  /** The saved trade's charges came from the broker's contract note. */
  brokerCharges?: boolean;
  /** The trade is a sale of shares bought before the imported history, with no cost basis yet. */
  missingCost?: boolean;
}) {
  const { user } = useSession();
  const userId = user?.id;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const playbooks = usePlaybooks(userId);
  const tags = useTags(userId);
  const brokerRow = useBrokerProfile(userId);
  const broker = brokerRow.data ? toChargeProfile(brokerRow.data) : DEFAULT_CHARGE_PROFILE;

  const [restored, setRestored] = useState(() => (userId ? readDraft(sessionStorage, userId, tradeId, initial) : null));
  const [values, setValues] = useState(restored?.values ?? initial);
  const [followed, setFollowed] = useState(initialFollowed);
  const dirty = !sameValues(values, initial);
  const leaving = useLeaveGuard(dirty);
  const journal = useJournalTrades(userId);
  const duplicate = useMemo(() => duplicateOf(values, journal.data ?? [], tradeId), [values, journal.data, tradeId]);
  // What the trader types is kept in this tab as they type (trade-draft.ts), until it is saved or cancelled: the
  // journal's refresh after a save re-renders the form with the saved trade, which must not write the draft again.
  const settled = useRef(false);
  useEffect(() => {
    if (userId && !settled.current) writeDraft(sessionStorage, userId, tradeId, initial, values, new Date());
  }, [userId, tradeId, initial, values]);
  const dropDraft = () => {
    settled.current = true;
    if (userId) clearDraft(sessionStorage, userId, tradeId);
  };
  // Errors show once a save has been tried, then follow every keystroke.
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const [serviceError, setServiceError] = useState<string>();
  const [files, setFiles] = useState<File[]>([]);
  const [fileError, setFileError] = useState<string>();
  const [saveErrors, setSaveErrors] = useState<TradeDraftErrors>({});

  const fieldErrors = tried ? { ...validateTradeDraft(values, new Date()), ...saveErrors } : {};
  const preview = chargesPreview(estimateDraftCharges(values, broker));
  // What is said above the charges: a missing cost first, then the broker's own figures, then what an estimate assumed.
  const sourceNote: { note?: string; link?: { label: string; href: string } } = missingCost
    ? {
        note: 'These shares were bought before your imported history, so this sale has no cost basis yet. Give it one with “Add opening position” (or a holdings statement) on the trades page: an entry price typed here is replaced when this share’s trades are next rebuilt.',
      }
    : brokerCharges && draftFillsUnchanged(initial, values)
      ? {
          note: "Saved charges are from your broker's contract note; they are re-estimated only if you change the fills.",
        }
      : { note: preview.estimated, link: preview.fix };
  const fromTable = draftLotSize(values);

  const submit = async () => {
    setTried(true);
    setServiceError(undefined);
    const payload = manualTradeRow(values, broker, new Date());
    if (!payload.ok) {
      setSaveErrors(payload.errors);
      focusFirstError();
      return;
    }
    setSaveErrors({});
    setSaving(true);
    try {
      const row = brokerCharges ? keepBrokerCharges(payload.row, initial, values) : payload.row;
      const id = await saveTrade(tradeId, row, payload.tags);
      await saveRuleChecks(
        id,
        playbooks.data?.find((p) => p.id === values.playbookId),
        followed,
      );
      const failed: string[] = [];
      for (const file of files) {
        await uploadGalleryImage({ userId: userId ?? '', file, tradeId: id }).catch(() => failed.push(file.name));
      }
      dropDraft();
      await invalidateJournal(queryClient, userId);
      if (failed.length) toast.error(`Trade saved, but ${failed.join(', ')} could not be uploaded.`);
      else toast.success(tradeId ? 'Trade updated.' : 'Trade saved.');
      navigate('/trades');
    } catch (error) {
      setServiceError(`Could not save the trade: ${error instanceof Error ? error.message : String(error)}`);
      setSaving(false);
    }
  };

  return (
    <TradeFormScreen
      tradeId={tradeId}
      values={values}
      status={saving ? 'saving' : 'idle'}
      fieldErrors={fieldErrors}
      serviceError={serviceError}
      playbooks={(playbooks.data ?? []).filter((p) => !p.isArchived || p.id === values.playbookId)}
      rulesFollowed={followed}
      onRulesFollowedChange={setFollowed}
      units={values.segment === 'equity' ? undefined : draftUnits(values)}
      lotSizeSource={
        fromTable !== undefined && String(fromTable) === values.lotSize
          ? 'From the dated NSE lot-size table for this expiry.'
          : undefined
      }
      charges={preview.charges}
      chargesNote={preview.note}
      brokerName={brokerRow.data ? broker.settings.profile?.name : 'the discount-broker schedule'}
      chargesSourceNote={sourceNote.note}
      chargesSourceLink={sourceNote.link}
      tagSuggestions={(tags.data ?? []).map((t) => t.name)}
      screenshots={files}
      screenshotError={fileError}
      onScreenshots={(added) => {
        const errors = added.map(imageFileError).filter((e): e is string => Boolean(e));
        setFileError(errors.length ? errors.join(' ') : undefined);
        // The same file chosen twice (same name and size) is attached once.
        setFiles((current) => [
          ...current,
          ...added.filter((f) => !imageFileError(f) && !current.some((c) => c.name === f.name && c.size === f.size)),
        ]);
      }}
      onRemoveScreenshot={(i) => setFiles((current) => current.filter((_, j) => j !== i))}
      onChange={(next) => {
        // A save's errors are of the values it was tried with: from the next change on, only the live checks show.
        setSaveErrors({});
        setValues((previous) => applyDraftChange(previous, next));
      }}
      onSubmit={() => void submit()}
      onCancel={() => {
        dropDraft();
        navigate('/trades');
      }}
      restoredDraft={
        restored && dirty
          ? {
              savedAt: formatDateTime(restored.savedAt),
              onDiscard: () => {
                setRestored(null);
                setValues(initial);
              },
            }
          : undefined
      }
      duplicate={
        duplicate
          ? {
              description: `${duplicate.symbol}, ${duplicate.side}: ${formatQuantity(duplicate.quantity)} at ${formatINR(duplicate.entryPrice ?? 0)}, entered ${formatDateTime(duplicate.entryTime)}${duplicate.exitTime ? `, exited ${formatDateTime(duplicate.exitTime)}` : ''}.`,
              href: `/trade-form/${duplicate.id}`,
            }
          : undefined
      }
      leavePrompt={
        leaving.pending
          ? {
              onStay: leaving.stay,
              onLeave: () => {
                const to = leaving.pending as string;
                leaving.stay();
                navigate(to);
              },
            }
          : undefined
      }
    />
  );
}

/** /trade-form (create) and /trade-form/:id (edit). */
export default function TradeFormPage() {
  const { id } = useParams();
  const { user } = useSession();
  const trades = useJournalTrades(id ? user?.id : undefined);
  const followed = useQuery({
    queryKey: [...journalKeys.all(user?.id), 'trade-rules', id],
    enabled: Boolean(id && user?.id),
    queryFn: () => loadFollowedRules(id ?? ''),
  });
  const initial = useMemo(() => newTradeDraft(new Date()), []);

  if (!id) return <Editor initial={initial} />;
  const placeholder = newTradeDraft(new Date());
  if (trades.isPending || followed.isPending)
    return <TradeFormScreen tradeId={id} values={placeholder} status="loading" />;
  if (trades.isError || followed.isError) {
    return (
      <TradeFormScreen
        tradeId={id}
        values={placeholder}
        status="error"
        serviceError={(trades.error ?? followed.error)?.message}
        onRetry={() => void Promise.all([trades.refetch(), followed.refetch()])}
      />
    );
  }
  // Row-level security returns only the user's own trades: someone else's id reads as not found.
  const trade = trades.data.find((t) => t.id === id);
  if (!trade) return <TradeFormScreen tradeId={id} values={placeholder} status="not-found" />;
  return (
    <Editor
      key={trade.id}
      tradeId={trade.id}
      initial={valuesFromTrade(trade)}
      initialFollowed={followed.data}
      brokerCharges={trade.chargesSource === 'broker'}
      missingCost={trade.status === 'missing_cost'}
    />
  );
}
