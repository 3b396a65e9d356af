import { answerQuestion } from './answer';
import { INSIGHT_QUESTIONS } from './intent';
import type { InsightAnswer, InsightFigure, InsightJournal, InsightOptions } from './types';

/** What the app may send a model with a question: the engine's answers in words and figures, no trade ids. */
export interface ModelContext {
  trades: number;
  answers: {
    question: string;
    text: string;
    caption?: string;
    period?: string;
    figures: Pick<InsightFigure, 'label' | 'value' | 'unit' | 'n' | 'winRate'>[];
  }[];
}

/** Figures per answer: enough to compare, and the whole context stays well under the function's 16 kB. */
const MAX_FIGURES = 8;
const MAX_CHARS = 12_000;

function slim(question: string, a: InsightAnswer): ModelContext['answers'][number] {
  return {
    question,
    text: a.text,
    ...(a.caption ? { caption: a.caption } : {}),
    ...(a.period ? { period: a.period.label } : {}),
    figures: a.figures.slice(0, MAX_FIGURES).map(({ label, value, unit, n, winRate }) => ({
      label,
      value,
      unit,
      n,
      ...(winRate === undefined ? {} : { winRate }),
    })),
  };
}

/**
 * The figures behind a question for the assistant's model: the engine's own answer when it has one, otherwise its
 * answers to every documented question (the model can only combine them, never see a trade).
 */
export function modelContext(question: string, journal: InsightJournal, options: InsightOptions = {}): ModelContext {
  const own = answerQuestion(question, journal, options);
  const asked =
    own.topic === 'unknown' || own.topic === 'help'
      ? INSIGHT_QUESTIONS.filter((q) => q.topic !== 'help').map((q) =>
          slim(q.question, answerQuestion(q.question, journal, options)),
        )
      : [slim(question, own)];
  const context: ModelContext = { trades: journal.trades.length, answers: [] };
  for (const answer of asked) {
    if (JSON.stringify(context).length + JSON.stringify(answer).length > MAX_CHARS) break;
    context.answers.push(answer);
  }
  return context;
}
