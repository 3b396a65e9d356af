import { Bot, Send } from 'lucide-react';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Spinner } from '../../components/spinner';
import { Textarea } from '../../components/textarea';
import { cn } from '../../lib/utils';
import type { AreaCallbacks } from './area-actions';
import { AreaPage, type AreaStatus } from './area-page';

// AI assistant

export interface ChatMessage {
  id: string;
  role: 'user' | 'assistant';
  text: string;
}

export function AssistantScreen({
  status,
  messages = [],
  thinking = false,
  error,
  onSend,
  ...cb
}: {
  status: AreaStatus;
  messages?: ChatMessage[];
  thinking?: boolean;
  error?: string;
  onSend?: (text: string) => void;
} & AreaCallbacks) {
  const suggestions = [
    'Why was last week red?',
    'Which setup should I stop trading?',
    'Am I overtrading after losses?',
  ];
  const composer = (
    <form
      className="flex items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        const text = String(new FormData(e.currentTarget).get('message') ?? '').trim();
        if (text) onSend?.(text);
        e.currentTarget.reset();
      }}
    >
      <Textarea
        name="message"
        aria-label="Ask about your trades"
        placeholder="Ask about your trades…"
        className="min-h-12"
        disabled={thinking}
      />
      <Button type="submit" aria-label="Send" disabled={thinking}>
        <Send aria-hidden="true" />
      </Button>
    </form>
  );
  return (
    <AreaPage
      title="AI assistant"
      description="Answers from your own journal, with the trades behind them. Not investment advice."
      status={status === 'empty' ? 'ready' : status}
      skeleton="panel"
      empty={{ icon: <Bot />, title: '', description: '' }}
      {...cb}
    >
      <div className="grid gap-4 rounded-xl border bg-card p-4">
        {messages.length === 0 ? (
          <div className="grid justify-items-center gap-3 py-8 text-center">
            <Bot className="size-8 text-primary" aria-hidden="true" />
            <p className="font-medium">Ask anything about your trading</p>
            <ul className="flex flex-wrap justify-center gap-2">
              {suggestions.map((s) => (
                <li key={s}>
                  <Button variant="secondary" size="sm" onClick={() => onSend?.(s)}>
                    {s}
                  </Button>
                </li>
              ))}
            </ul>
          </div>
        ) : (
          <ol aria-label="Conversation" className="grid gap-3">
            {messages.map((m) => (
              <li
                key={m.id}
                className={cn(
                  'max-w-[85%] rounded-lg px-3 py-2 text-sm',
                  m.role === 'user' ? 'justify-self-end bg-primary text-primary-foreground' : 'bg-muted',
                )}
              >
                <span className="sr-only">{m.role === 'user' ? 'You:' : 'Assistant:'} </span>
                {m.text}
              </li>
            ))}
            {thinking ? (
              <li className="flex items-center gap-2 text-muted-foreground text-sm">
                <Spinner size="sm" label={null} />
                <span role="status">Reading your trades…</span>
              </li>
            ) : null}
          </ol>
        )}
        {error ? <Alert variant="error" title={error} /> : null}
        {composer}
      </div>
    </AreaPage>
  );
}
