import { useSession } from '@bahi/auth-machine/react';
import {
  answerQuestion,
  INSIGHT_QUESTIONS,
  type InsightJournal,
  modelContext,
  type TradeForStats,
} from '@bahi/trading';
import { type AreaStatus, AssistantScreen, type ChatMessage } from '@bahi/ui';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { toStatsTrade, useJournalTrades, usePlaybooks } from '../data/journal-data';
import { supabase } from '../data/supabase';
import { askModel, fetchModelStatus, insightHref, loadChat, type StoredChat, saveChat } from './assistant-chat';

const SUGGESTIONS = INSIGHT_QUESTIONS.map((q) => q.question);
const session = () => (typeof sessionStorage === 'undefined' ? undefined : sessionStorage);
let sequence = 0;
const nextId = () => `${Date.now().toString(36)}-${(sequence++).toString(36)}`;

/**
 * /{product}-AI: questions answered by the built-in insights engine on the device. The `assistant` function is asked
 * once whether a model is configured; only then, and only with the trader's switch on, does a question (with the
 * engine's figures, never the trades) leave the browser.
 */
export default function AssistantPage() {
  const { user } = useSession();
  const userId = user?.id;
  const trades = useJournalTrades(userId);
  const playbooks = usePlaybooks(userId);
  const model = useQuery({
    queryKey: ['assistant-model', userId],
    enabled: Boolean(userId),
    queryFn: () => fetchModelStatus(supabase),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

  const [chat, setChat] = useState<StoredChat>(() => loadChat(session(), userId));
  const [thinking, setThinking] = useState(false);
  const [error, setError] = useState<string>();
  const loadedFor = useRef(userId);
  useEffect(() => {
    // The session may resolve after the first render: pick up that user's conversation, then keep it saved.
    if (loadedFor.current !== userId) {
      loadedFor.current = userId;
      setChat(loadChat(session(), userId));
      return;
    }
    saveChat(session(), userId, chat);
  }, [chat, userId]);

  const journal = useMemo((): InsightJournal => {
    const closed = (trades.data ?? []).map(toStatsTrade).filter((t): t is TradeForStats => t !== null);
    return { trades: closed, playbooks: (playbooks.data ?? []).map(({ id, name }) => ({ id, name })) };
  }, [trades.data, playbooks.data]);

  const modelStatus = model.data ?? (model.isPending ? 'checking' : 'unavailable');
  const useModel = chat.useModel && modelStatus === 'available';

  const add = (...messages: ChatMessage[]) => setChat((c) => ({ ...c, messages: [...c.messages, ...messages] }));

  async function send(question: string) {
    setError(undefined);
    const now = new Date();
    const answer = answerQuestion(question, journal, { now });
    add({ id: nextId(), role: 'user', text: question });
    const fromJournal: ChatMessage = { id: nextId(), role: 'assistant', text: answer.text, answer, source: 'journal' };
    if (!useModel) {
      add(fromJournal);
      return;
    }
    setThinking(true);
    try {
      const text = await askModel(supabase, question, modelContext(question, journal, { now }));
      add({ id: nextId(), role: 'assistant', text, answer, source: 'model' });
    } catch (e) {
      // The journal still answers: show its answer and say why the model's is missing.
      add(fromJournal);
      setError(`${e instanceof Error ? e.message : String(e)} The answer shown is from your journal.`);
    } finally {
      setThinking(false);
    }
  }

  let status: AreaStatus;
  if (trades.isPending) status = 'loading';
  else if (trades.isError) status = 'error';
  else status = journal.trades.length === 0 ? 'empty' : 'ready';

  return (
    <AssistantScreen
      status={status}
      errorDetail={trades.error?.message}
      onRetry={() => void trades.refetch()}
      messages={chat.messages}
      suggestions={SUGGESTIONS}
      thinking={thinking}
      error={error}
      model={modelStatus}
      useModel={useModel}
      onUseModelChange={(on) => setChat((c) => ({ ...c, useModel: on }))}
      onSend={(q) => void send(q)}
      onClear={() => {
        setError(undefined);
        setChat((c) => ({ ...c, messages: [] }));
      }}
      hrefFor={insightHref}
    />
  );
}
