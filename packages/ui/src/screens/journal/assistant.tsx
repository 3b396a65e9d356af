import type { InsightAnswer, InsightFigure, InsightLink } from '@bahi/trading';
import { formatCount } from '@bahi/trading';
import { Bot, Eraser, ShieldCheck, Sparkles } from 'lucide-react';
import * as React from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '../../components/alert';
import { Badge } from '../../components/badge';
import { Button, buttonVariants } from '../../components/button';
import { Money, MoneyText } from '../../components/money';
import { Spinner } from '../../components/spinner';
import { Switch } from '../../components/switch';
import { Textarea } from '../../components/textarea';
import { cn } from '../../lib/utils';
import { type AreaCallbacks, addTrade, importTrades } from './area-actions';
import { AreaPage, type AreaStatus } from './area-page';

// AI assistant (/Bahi-AI): a chat over the trader's own journal. The built-in insights engine answers on the device;
// an AI model is offered only when the server says one is configured, and only when the trader turns it on.

export interface ChatMessage {
  id: string;
  role: 'user' | 'assistant';
  text: string;
  /** The engine's answer behind an assistant message: its figures, sample sizes and links. */
  answer?: InsightAnswer;
  /** Who wrote an assistant message: the built-in engine ('journal') or the configured AI model ('model'). */
  source?: 'journal' | 'model';
}

/** Whether the server has an AI model: 'checking' until it answers, 'unavailable' for "built-in only". */
export type AssistantModelStatus = 'checking' | 'unavailable' | 'available';

/** The longest question the assistant takes (the edge function refuses longer ones). */
export const ASSISTANT_QUESTION_MAX = 500;

export interface AssistantScreenProps extends AreaCallbacks {
  /** 'loading' / 'error': the journal itself; 'empty': no closed trades yet (the chat still works). */
  status: AreaStatus;
  /** The conversation so far, oldest first. */
  messages?: ChatMessage[];
  /** The documented questions, shown as chips. */
  suggestions: readonly string[];
  /** An answer is on its way. */
  thinking?: boolean;
  /** The last question's failure, e.g. the model timing out. */
  error?: string;
  /** Whether the AI model can be used: 'checking', 'unavailable' (built-in answers only) or 'available'. */
  model?: AssistantModelStatus;
  /** Send questions to the AI model (only offered when `model` is 'available'). */
  useModel?: boolean;
  /** Turns sending questions to the AI model on or off. */
  onUseModelChange?: (useModel: boolean) => void;
  /** Asks a question. */
  onSend?: (text: string) => void;
  /** Clears the conversation. */
  onClear?: () => void;
  /** Where a figure's link goes: the app owns its URLs (trade form, trades list filters, analytics). */
  hrefFor: (link: InsightLink) => string;
}

const percent = (v: number) => `${Math.round(v * 100)}%`;

function FigureValue({ figure }: { figure: InsightFigure }) {
  const { value, unit } = figure;
  if (value === null) return <span className="text-muted-foreground">—</span>;
  switch (unit) {
    case 'pnl':
      return <Money value={value} signed />;
    case 'inr':
      return <Money value={value} />;
    case 'percent':
      return <>{percent(value)}</>;
    case 'r':
      return <>{`${value < 0 ? '−' : ''}${Math.abs(value).toFixed(2)}R`}</>;
    case 'ratio':
      return <>{value.toFixed(2)}</>;
    default:
      return <>{formatCount(value)}</>;
  }
}

function FigureLink({
  link,
  hrefFor,
  className,
}: {
  link: InsightLink;
  hrefFor: (link: InsightLink) => string;
  className?: string;
}) {
  return (
    <Link to={hrefFor(link)} className={cn('text-primary underline-offset-4 hover:underline', className)}>
      {link.label}
    </Link>
  );
}

/** The numbers behind an answer, each with its sample size and where it came from. */
function Figures({
  answer,
  hrefFor,
  id,
}: {
  answer: InsightAnswer;
  hrefFor: (link: InsightLink) => string;
  id: string;
}) {
  const showWinRate = answer.figures.some((f) => f.winRate !== undefined);
  const showLinks = answer.figures.some((f) => f.link);
  // On a phone the table keeps two columns, the figure and its value; the trades, win rate and link move under the
  // figure's name instead of running off the side.
  const wide = 'hidden sm:table-cell';
  return (
    <div className="grid gap-2">
      {answer.figures.length > 0 ? (
        <div className="overflow-x-auto rounded-md border bg-card">
          <table className="w-full text-sm" aria-labelledby={`${id}-caption`}>
            <caption id={`${id}-caption`} className="px-3 pt-2 text-left font-medium text-muted-foreground text-xs">
              {answer.caption ?? 'Figures'}
            </caption>
            <thead>
              <tr className="border-b text-left text-muted-foreground text-xs">
                <th scope="col" className="px-3 py-1.5 font-medium">
                  Figure
                </th>
                <th scope="col" className="px-3 py-1.5 text-right font-medium">
                  Value
                </th>
                <th scope="col" className={cn('px-3 py-1.5 text-right font-medium', wide)}>
                  Trades
                </th>
                {showWinRate ? (
                  <th scope="col" className={cn('px-3 py-1.5 text-right font-medium', wide)}>
                    Won
                  </th>
                ) : null}
                {showLinks ? (
                  <th scope="col" className={cn('px-3 py-1.5 font-medium', wide)}>
                    From
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {answer.figures.map((f, i) => (
                // Labels can repeat (two deleted playbooks): the row's place keeps keys unique.
                // biome-ignore lint/suspicious/noArrayIndexKey: rows are never reordered within an answer
                <tr key={`${i}-${f.label}`} className="border-b last:border-0">
                  <th scope="row" className="px-3 py-1.5 text-left font-normal">
                    {f.label}
                    <span className="block text-muted-foreground text-xs sm:hidden">
                      {f.n === 1 ? '1 trade' : `${f.n} trades`}
                      {f.winRate === undefined || f.winRate === null ? '' : ` · ${percent(f.winRate)} won`}
                      {f.link ? (
                        <>
                          {' · '}
                          {/* Underlined: within a line of text, colour alone would not mark it as a link. */}
                          <FigureLink link={f.link} hrefFor={hrefFor} className="underline" />
                        </>
                      ) : null}
                    </span>
                  </th>
                  <td className="px-3 py-1.5 text-right align-top tabular-nums sm:align-middle">
                    <FigureValue figure={f} />
                  </td>
                  <td className={cn('px-3 py-1.5 text-right text-muted-foreground tabular-nums', wide)}>{f.n}</td>
                  {showWinRate ? (
                    <td className={cn('px-3 py-1.5 text-right tabular-nums', wide)}>
                      {f.winRate === undefined || f.winRate === null ? '—' : percent(f.winRate)}
                    </td>
                  ) : null}
                  {showLinks ? (
                    <td className={cn('px-3 py-1.5', wide)}>
                      {f.link ? <FigureLink link={f.link} hrefFor={hrefFor} /> : null}
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <p className="text-muted-foreground text-xs">
        From {answer.sample === 1 ? '1 closed trade' : `${answer.sample} closed trades`}
        {answer.period ? `, ${answer.period.label}` : ''}, net of charges.
      </p>
      {answer.links.length > 0 ? (
        <ul className="flex flex-wrap gap-2">
          {answer.links.map((link) => (
            <li key={link.label}>
              <Link to={hrefFor(link)} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function AssistantBubble({ message, hrefFor }: { message: ChatMessage; hrefFor: (link: InsightLink) => string }) {
  const { answer } = message;
  return (
    <li data-slot="assistant-message" className="grid max-w-full gap-2 justify-self-start sm:max-w-[90%]">
      <div className="flex flex-wrap items-center gap-2 text-muted-foreground text-xs">
        {message.source === 'model' ? (
          <Badge variant="secondary">
            <Sparkles aria-hidden="true" /> AI model
          </Badge>
        ) : (
          <Badge variant="secondary">
            <Bot aria-hidden="true" /> From your journal
          </Badge>
        )}
        {answer?.tooFew ? <Badge variant="outline">Small sample</Badge> : null}
      </div>
      <div className="whitespace-pre-line rounded-lg bg-muted px-3 py-2 text-sm">
        <span className="sr-only">Assistant: </span>
        <MoneyText>{message.text}</MoneyText>
      </div>
      {answer && answer.topic !== 'help' && answer.topic !== 'unknown' ? (
        <Figures answer={answer} hrefFor={hrefFor} id={`figures-${message.id}`} />
      ) : null}
    </li>
  );
}

function Suggestions({
  suggestions,
  onSend,
  disabled,
  compact,
}: {
  suggestions: readonly string[];
  onSend?: (text: string) => void;
  disabled: boolean;
  compact?: boolean;
}) {
  return (
    <ul aria-label="Suggested questions" className={cn('flex flex-wrap gap-2', !compact && 'justify-center')}>
      {suggestions.map((s) => (
        <li key={s}>
          <Button variant="secondary" size="sm" disabled={disabled} onClick={() => onSend?.(s)}>
            {s}
          </Button>
        </li>
      ))}
    </ul>
  );
}

function ModelChoice({
  model,
  useModel,
  onUseModelChange,
}: Pick<AssistantScreenProps, 'model' | 'useModel' | 'onUseModelChange'>) {
  const switchId = React.useId();
  const onDevice = (
    <p className="flex items-center gap-2 text-muted-foreground text-sm">
      <ShieldCheck className="size-4 text-primary" aria-hidden="true" />
      Answers come from your journal on this device.
    </p>
  );
  if (model !== 'available') return onDevice;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      {useModel ? (
        <p className="flex items-center gap-2 text-muted-foreground text-sm">
          <Sparkles className="size-4 text-primary" aria-hidden="true" />
          Your question and the figures from your journal go to the AI model. Trades themselves are never sent.
        </p>
      ) : (
        onDevice
      )}
      <div className="flex items-center gap-2">
        <Switch id={switchId} checked={Boolean(useModel)} onCheckedChange={(v) => onUseModelChange?.(v)} />
        <label htmlFor={switchId} className="text-sm">
          Ask the AI model
        </label>
      </div>
    </div>
  );
}

export function AssistantScreen({
  status,
  messages = [],
  suggestions,
  thinking = false,
  error,
  model = 'checking',
  useModel = false,
  onUseModelChange,
  onSend,
  onClear,
  hrefFor,
  ...cb
}: AssistantScreenProps) {
  const [draft, setDraft] = React.useState('');
  const endRef = React.useRef<HTMLDivElement>(null);
  const count = messages.length;
  // Keep the newest message in view as the conversation grows (scrollIntoView is absent in some test DOMs).
  React.useEffect(() => {
    if (count > 0 || thinking) endRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [count, thinking]);

  const send = () => {
    const text = draft.trim();
    if (!text || thinking) return;
    onSend?.(text);
    setDraft('');
  };
  const composer = (
    <form
      className="grid gap-1"
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
    >
      <div className="flex items-end gap-2">
        <Textarea
          name="message"
          aria-label="Ask about your trades"
          aria-describedby="assistant-hint"
          placeholder="Ask about your trades… e.g. best setups last month"
          className="min-h-12"
          maxLength={ASSISTANT_QUESTION_MAX}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            // Enter sends, Shift+Enter starts a new line, as in every chat.
            if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              send();
            }
          }}
        />
        <Button type="submit" disabled={thinking || !draft.trim()}>
          Send
        </Button>
      </div>
      <p id="assistant-hint" className="text-muted-foreground text-xs">
        Enter to send, Shift+Enter for a new line. {draft.length}/{ASSISTANT_QUESTION_MAX}
      </p>
    </form>
  );
  return (
    <AreaPage
      title="AI assistant"
      description="Answers from your own journal, with the numbers and trades behind them. Not investment advice."
      status={status === 'empty' ? 'ready' : status}
      skeleton="panel"
      empty={{ icon: <Bot />, title: '', description: '' }}
      actions={
        onClear && count > 0 ? (
          <Button variant="outline" onClick={onClear}>
            <Eraser aria-hidden="true" /> Clear conversation
          </Button>
        ) : undefined
      }
      {...cb}
    >
      <div className="grid gap-4 rounded-xl border bg-card p-4">
        <ModelChoice model={model} useModel={useModel} onUseModelChange={onUseModelChange} />
        {status === 'empty' ? (
          <Alert title="Your journal has no closed trades yet">
            <p>Log or import trades, and the answers will have something to measure.</p>
            <div className="mt-2 flex flex-wrap gap-2">
              {addTrade}
              {importTrades}
            </div>
          </Alert>
        ) : null}
        {count === 0 ? (
          <div className="grid justify-items-center gap-3 py-6 text-center">
            <Bot className="size-8 text-primary" aria-hidden="true" />
            <h2 className="font-medium">Ask about your trading</h2>
            <p className="max-w-prose text-muted-foreground text-sm">
              Pick a question or type your own. Add “this week” or “last month” to narrow any of them.
            </p>
            <Suggestions suggestions={suggestions} onSend={onSend} disabled={thinking} />
          </div>
        ) : null}
        <div role="log" aria-label="Conversation" aria-busy={thinking || undefined} className="grid gap-3">
          {count > 0 ? (
            <ol className="grid gap-4">
              {messages.map((m) =>
                m.role === 'user' ? (
                  <li
                    key={m.id}
                    className="max-w-[85%] justify-self-end whitespace-pre-line rounded-lg bg-primary px-3 py-2 text-primary-foreground text-sm"
                  >
                    <span className="sr-only">You: </span>
                    {m.text}
                  </li>
                ) : (
                  <AssistantBubble key={m.id} message={m} hrefFor={hrefFor} />
                ),
              )}
            </ol>
          ) : null}
          {thinking ? (
            <p role="status" className="flex items-center gap-2 text-muted-foreground text-sm">
              <Spinner size="sm" label={null} />
              {useModel ? 'Asking the AI model…' : 'Reading your journal…'}
            </p>
          ) : null}
          <div ref={endRef} />
        </div>
        {error ? <Alert variant="error" title={error} /> : null}
        {count > 0 ? <Suggestions suggestions={suggestions} onSend={onSend} disabled={thinking} compact /> : null}
        {composer}
      </div>
    </AreaPage>
  );
}
